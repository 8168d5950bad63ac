/* SPDX-License-Identifier: GPL-3.0-or-later */
/* stern-cli-review.h: sternhalma-cli review and analyse. */
#pragma once

int stern_cli_review (int argc, char **argv);
int stern_cli_analyse (int argc, char **argv);
