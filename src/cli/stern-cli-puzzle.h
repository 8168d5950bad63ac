/* stern-cli-puzzle.h: `sternhalma-cli puzzle`, the puzzle set's command.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

/* puzzle list|check [FILE], puzzle generate [--seed S] [--count N]. */
int stern_cli_puzzle (int argc, char **argv);
