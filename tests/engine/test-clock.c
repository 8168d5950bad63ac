/* Fischer clocks (doc/rules.md §6), driven by made-up times.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "stern-clock.h"

#define S(x) ((gint64) (x) * 1000000)

static void
test_reserve_and_increment (void)
{
  SternClock clock;

  stern_clock_init (&clock, 60000, 2000);   /* 1 min + 2 s */
  g_assert_true (clock.enabled);
  stern_clock_start (&clock, STERN_WHITE, S (100));
  g_assert_cmpint (stern_clock_remaining_us (&clock, STERN_WHITE, S (110)), ==, S (50));
  /* Black's time does not run while white thinks. */
  g_assert_cmpint (stern_clock_remaining_us (&clock, STERN_BLACK, S (110)), ==, S (60));
  g_assert_true (stern_clock_moved (&clock, S (115)));
  g_assert_cmpint (stern_clock_remaining_us (&clock, STERN_WHITE, S (200)), ==, S (47));

  stern_clock_start (&clock, STERN_BLACK, S (115));
  g_assert_true (stern_clock_moved (&clock, S (116)));
  g_assert_cmpint (stern_clock_remaining_us (&clock, STERN_BLACK, S (300)), ==, S (61));
}

static void
test_expiry (void)
{
  SternClock clock;

  stern_clock_init (&clock, 5000, 1000);
  stern_clock_start (&clock, STERN_RED, 0);
  g_assert_false (stern_clock_expired (&clock, STERN_RED, S (4)));
  g_assert_true (stern_clock_expired (&clock, STERN_RED, S (5)));
  g_assert_cmpint (stern_clock_remaining_us (&clock, STERN_RED, S (9)), ==, 0);
  /* A move after the flag fell gets no increment. */
  g_assert_false (stern_clock_moved (&clock, S (6)));
  g_assert_true (stern_clock_expired (&clock, STERN_RED, S (7)));
}

static void
test_pause (void)
{
  SternClock clock;

  stern_clock_init (&clock, 10000, 0);
  stern_clock_start (&clock, STERN_WHITE, 0);
  stern_clock_pause (&clock, S (3));
  /* Hidden window: no time passes. */
  g_assert_cmpint (stern_clock_remaining_us (&clock, STERN_WHITE, S (1000)), ==, S (7));
  stern_clock_start (&clock, STERN_WHITE, S (1000));
  g_assert_cmpint (stern_clock_remaining_us (&clock, STERN_WHITE, S (1002)), ==, S (5));
}

static void
test_disabled (void)
{
  SternClock clock;

  stern_clock_init (&clock, 0, 0);
  g_assert_false (clock.enabled);
  stern_clock_start (&clock, STERN_WHITE, 0);
  g_assert_false (stern_clock_expired (&clock, STERN_WHITE, S (100000)));
  g_assert_true (stern_clock_moved (&clock, S (100000)));
}

static void
test_format (void)
{
  char buf[16];

  stern_clock_format (S (245), buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "4:05");
  stern_clock_format (S (9) + 500000, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "0:09.5");
  stern_clock_format (S (3725), buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "1:02:05");
  stern_clock_format (-5, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "0:00.0");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/clock/reserve-and-increment", test_reserve_and_increment);
  g_test_add_func ("/clock/expiry", test_expiry);
  g_test_add_func ("/clock/pause", test_pause);
  g_test_add_func ("/clock/disabled", test_disabled);
  g_test_add_func ("/clock/format", test_format);
  return g_test_run ();
}
