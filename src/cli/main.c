/* sternhalma-cli: the engine on the command line, for tests and benchmarks. */
#include "stern-cli.h"

int
main (int argc, char **argv)
{
  return stern_cli_run (argc, argv);
}
