/* stern-cli-ai.h: the computer player's commands of sternhalma-cli.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

int stern_cli_bestmove (int argc, char **argv);
int stern_cli_match (int argc, char **argv);
int stern_cli_solo (int argc, char **argv);
/* A per-move seed: the game's seed and how far the game has gone. */
guint64 stern_cli_move_seed (guint64 seed, guint n_actions);
/* The search part of `bench`: nodes per second of each searching level. */
void stern_cli_bench_search (void);
/* `bench --signature`: each search's node count and move, then one line
 * "Bench: N nodes in M searches, signature HEX". */
int  stern_cli_bench_signature (void);
