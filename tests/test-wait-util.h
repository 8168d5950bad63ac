/* test-wait-util.h: running the main loop until a condition holds, for
 * the window's and the network's tests.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef gboolean (*TestCondition) (gpointer data);

/* Runs the default main context until cond (data) holds or timeout_ms
 * pass; cond (data) at the end (FALSE on timeout). */
gboolean test_wait_until (TestCondition cond, gpointer data, guint timeout_ms);
/* For a condition written in place (GUI_TEST_WAIT_FOR): the monotonic
 * time timeout_ms from now; one turn of the main loop, FALSE once end has
 * passed. */
gint64   test_wait_deadline (guint timeout_ms);
gboolean test_wait_step (gint64 end);
/* Runs the main loop for ms milliseconds.  Only for a check that nothing
 * happens in that time (a busy machine can only make such a check weaker,
 * never fail it); anything expected to happen is waited for with
 * test_wait_until(). */
void     test_spin (guint ms);

G_END_DECLS
