/* stern-cli-ai.h: the computer player's commands of sternhalma-cli. */
#pragma once

int stern_cli_bestmove (int argc, char **argv);
int stern_cli_match (int argc, char **argv);
int stern_cli_solo (int argc, char **argv);
