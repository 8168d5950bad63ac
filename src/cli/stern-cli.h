/* stern-cli.h: the commands of sternhalma-cli. */
#pragma once

/* Runs one command; returns the exit status (2 for bad arguments). */
int stern_cli_run (int argc, char **argv);
