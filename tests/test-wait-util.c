/* test-wait-util.c: running the main loop until a condition holds.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-wait-util.h"

gint64
test_wait_deadline (guint timeout_ms)
{
  return g_get_monotonic_time () + (gint64) timeout_ms * 1000;
}

/* Dispatches what is ready, or sleeps a millisecond: a condition may also
 * turn true in another thread (a search, a child process) without waking
 * the main context. */
gboolean
test_wait_step (gint64 end)
{
  if (g_get_monotonic_time () > end)
    return FALSE;
  if (!g_main_context_iteration (NULL, FALSE))
    g_usleep (1000);
  return TRUE;
}

gboolean
test_wait_until (TestCondition cond,
                 gpointer      data,
                 guint         timeout_ms)
{
  gint64 end = test_wait_deadline (timeout_ms);

  while (!cond (data))
    if (!test_wait_step (end))
      return cond (data);
  return TRUE;
}

void
test_spin (guint ms)
{
  gint64 end = test_wait_deadline (ms);

  while (test_wait_step (end))
    ;
}
