/* stern-cli-review.h: sternhalma-cli review and analyse.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

int stern_cli_review (int argc, char **argv);
int stern_cli_analyse (int argc, char **argv);
