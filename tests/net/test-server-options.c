/* test-server-options.c: sternhalma-server's table of options against
 * doc/server.md's table (names, arguments, defaults, what 0 means), and
 * the command line and --help made from it: bounds, defaults, hidden
 * test options.  A doc with a planted mismatch must fail the comparison.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-net"

#include <string.h>

#include "stern-server-options.h"

static const SternOption *
lookup (const char *name, SternOpt *opt)
{
  for (guint i = 0; i < STERN_N_OPTS; i++)
    if (g_str_equal (stern_option_get (i)->name, name))
      {
        if (opt)
          *opt = i;
        return stern_option_get (i);
      }
  return NULL;
}

/* One row of the table: "| `--port N`, `--address ADDR` | 7130, every
 * interface | where to listen (port 0: any free port) |". */
static void
compare_row (const char *line, gboolean *documented, GString *problems)
{
  g_auto (GStrv) cells = g_strsplit (line, " | ", -1);
  g_autoptr (GRegex) regex = g_regex_new ("--([a-z][a-z-]*)(?: ([A-Z][A-Z:]*))?", 0, 0, NULL);
  g_autoptr (GMatchInfo) match = NULL;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) units = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) defaults = NULL;

  if (g_strv_length (cells) < 3)
    {
      g_string_append_printf (problems, "a row that is not name | default | text: %s\n", line);
      return;
    }
  g_regex_match (regex, cells[0], 0, &match);
  for (; g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      g_ptr_array_add (names, g_match_info_fetch (match, 1));
      g_ptr_array_add (units, g_match_info_fetch (match, 2));
    }
  defaults = g_strsplit (cells[1], ", ", -1);
  for (guint k = 0; k < names->len; k++)
    {
      const char *name = names->pdata[k];
      const char *unit = units->pdata[k];
      const char *doc_default = defaults[g_strv_length (defaults) == names->len ? k : 0];
      SternOpt opt;
      const SternOption *o = lookup (name, &opt);
      g_autofree char *value = NULL;

      if (o == NULL)
        {
          g_string_append_printf (problems, "--%s is in doc/server.md, not an option\n", name);
          continue;
        }
      documented[opt] = TRUE;
      value = stern_option_default_text (o);
      if (o->hidden)
        g_string_append_printf (problems, "--%s is for tests, documented\n", name);
      if (g_strcmp0 (unit[0] ? unit : NULL, o->unit) != 0)
        g_string_append_printf (problems, "--%s takes %s, doc/server.md says \"%s\"\n",
                                name, o->unit ? o->unit : "nothing", unit);
      if (!g_str_equal (doc_default, value))
        g_string_append_printf (problems, "--%s defaults to %s, doc/server.md says \"%s\"\n",
                                name, value, doc_default);
      if (o->zero)
        {
          g_autofree char *zero = g_strdup_printf ("0: %s", o->zero);

          if (strstr (cells[2], zero) == NULL)
            g_string_append_printf (problems, "--%s: doc/server.md does not say \"%s\"\n",
                                    name, zero);
        }
    }
}

/* The problems between the options table of a doc/server.md and the
 * program's, one a line; the count. */
static guint
compare_doc (const char *markdown, GString *problems)
{
  g_auto (GStrv) lines = g_strsplit (markdown, "\n", -1);
  gboolean documented[STERN_N_OPTS] = { FALSE };
  gboolean in_section = FALSE;
  gsize before = problems->len;
  guint count = 0;

  for (guint i = 0; lines[i]; i++)
    {
      if (g_str_has_prefix (lines[i], "## "))
        in_section = g_str_equal (lines[i], "## Options");
      else if (in_section && g_str_has_prefix (lines[i], "| `--"))
        compare_row (lines[i], documented, problems);
    }
  for (guint i = 0; i < STERN_N_OPTS; i++)
    if (!stern_option_get (i)->hidden && !documented[i])
      g_string_append_printf (problems, "--%s is not in doc/server.md's table\n",
                              stern_option_get (i)->name);
  for (const char *c = problems->str + before; *c; c++)
    count += *c == '\n';
  return count;
}

static char *
read_doc (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "..", "doc", "server.md", NULL);
  g_autoptr (GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static void
test_doc (void)
{
  g_autofree char *doc = read_doc ();
  g_autoptr (GString) problems = g_string_new (NULL);

  if (compare_doc (doc, problems) > 0)
    g_test_message ("%s", problems->str);
  g_assert_cmpstr (problems->str, ==, "");
}

/* Each planted mismatch is found, and named. */
static void
test_doc_planted (void)
{
  const struct {
    const char *from, *to, *named;
  } plants[] = {
    { "| `--grace S` | 60 |", "| `--grace S` | 61 |", "--grace defaults to 60" },
    { "| `--grace S` |", "| `--grace N` |", "--grace takes S" },
    { "`--address ADDR` | 7130, every interface", "`--address ADDR` | 7131, every interface",
      "--port defaults to 7130" },
    { "| `--drain-timeout S` |", "| `--drain-timeouts S` |", "--drain-timeout is not in" },
    { "one /64); 0: no cap", "one /64)", "--max-per-address: doc/server.md does not say" },
    { "| `--fsync` |", "| `--grace-ms MS` |", "--grace-ms is for tests" },
  };
  g_autofree char *doc = read_doc ();

  for (guint i = 0; i < G_N_ELEMENTS (plants); i++)
    {
      g_autoptr (GString) planted = g_string_new (doc);
      g_autoptr (GString) problems = g_string_new (NULL);

      g_assert_cmpuint (g_string_replace (planted, plants[i].from, plants[i].to, 1), ==, 1);
      g_assert_cmpuint (compare_doc (planted->str, problems), >=, 1);
      g_test_message ("planted %s: %s", plants[i].to, problems->str);
      g_assert_nonnull (strstr (problems->str, plants[i].named));
    }
}

/* --help shows every option but the tests' with its argument and
 * default. */
static void
test_help (void)
{
  g_autofree char *help = stern_server_options_help ();

  for (guint i = 0; i < STERN_N_OPTS; i++)
    {
      const SternOption *o = stern_option_get (i);
      g_autofree char *value = stern_option_default_text (o);
      g_autofree char *entry = g_strdup_printf (o->unit ? "--%s=%s " : "--%s ", o->name, o->unit);
      const char *line = strstr (help, entry);
      g_autofree char *text = NULL;

      if (o->hidden)
        {
          g_assert_null (line);
          continue;
        }
      g_assert_nonnull (line);
      text = g_strndup (line, strcspn (line, "\n"));
      g_assert_nonnull (strstr (text, o->help));
      if (o->kind != STERN_OPT_KIND_FLAG)
        g_assert_nonnull (strstr (text, value));
    }
}

static gboolean
parse (SternServerOptions *options, const char *name, const char *value, GError **error)
{
  g_autofree char *arg = g_strdup_printf ("--%s=%s", name, value);
  char *args[] = { (char *) "sternhalma-server", (char *) "--data-dir=/nonexistent", arg, NULL };
  char **argv = args;
  int argc = 3;

  return stern_server_options_parse (options, &argc, &argv, NULL, error);
}

/* Every number is taken at its bounds and refused past them, the error
 * naming the option. */
static void
test_bounds (void)
{
  for (guint i = 0; i < STERN_N_OPTS; i++)
    {
      const SternOption *o = stern_option_get (i);
      double step = o->kind == STERN_OPT_KIND_INT ? 1 : o->min / 2;
      double outside[] = { o->min - step, o->max * 2 };
      double inside[] = { o->min, o->max };
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      if (o->kind != STERN_OPT_KIND_INT && o->kind != STERN_OPT_KIND_DOUBLE)
        continue;
      for (guint k = 0; k < 2; k++)
        {
          g_auto (SternServerOptions) options = { 0 };
          g_autoptr (GError) error = NULL;

          stern_server_options_init (&options);
          g_assert_true (parse (&options, o->name,
                                g_ascii_formatd (buf, sizeof buf, "%.15g", inside[k]), &error));
          g_assert_no_error (error);
        }
      for (guint k = 0; k < 2; k++)
        {
          g_auto (SternServerOptions) options = { 0 };
          g_autoptr (GError) error = NULL;
          g_autofree char *named = g_strdup_printf ("--%s", o->name);

          /* Past an int's range GOption refuses it itself. */
          if (o->kind == STERN_OPT_KIND_INT && outside[k] > G_MAXINT)
            continue;
          stern_server_options_init (&options);
          g_assert_false (parse (&options, o->name,
                                 g_ascii_formatd (buf, sizeof buf, "%.15g", outside[k]), &error));
          g_assert_nonnull (error);
          g_assert_nonnull (strstr (error->message, named));
        }
    }
}

/* The server's caps start at the table's defaults; values given are
 * taken. */
static void
test_defaults (void)
{
  g_auto (SternServerOptions) options = { 0 };
  g_autoptr (GError) error = NULL;
  SternServerLimits limits;

  stern_server_limits_init (&limits);
  g_assert_cmpuint (limits.max_connections, ==, stern_option_get (STERN_OPT_MAX_CONNECTIONS)->value);
  g_assert_cmpuint (limits.max_per_address, ==, stern_option_get (STERN_OPT_MAX_PER_ADDRESS)->value);
  g_assert_cmpuint (limits.ping_timeout_ms, ==, stern_option_get (STERN_OPT_PING_TIMEOUT)->value * 1000);
  g_assert_cmpuint (limits.max_outgoing, ==, stern_option_get (STERN_OPT_MAX_OUTGOING)->value * 1024);

  stern_server_options_init (&options);
  g_assert_cmpint (options.values[STERN_OPT_GRACE].number, ==, 60);
  g_assert_cmpfloat (options.values[STERN_OPT_CHAT_RATE].real, ==, 0.5);
  g_assert_cmpint (options.replacement_level, ==, STERN_LEVEL_MEDIUM);
  g_assert_true (parse (&options, "replacement-level", "hard", &error));
  g_assert_no_error (error);
  g_assert_cmpint (options.replacement_level, ==, STERN_LEVEL_HARD);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/server/options/doc", test_doc);
  g_test_add_func ("/server/options/doc-planted", test_doc_planted);
  g_test_add_func ("/server/options/help", test_help);
  g_test_add_func ("/server/options/bounds", test_bounds);
  g_test_add_func ("/server/options/defaults", test_defaults);
  return g_test_run ();
}
