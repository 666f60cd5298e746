/* cli.h - the command-line perft/divide entry of ./morphos:
 *   morphos perft|divide --size N --rules TOKENS --moves 'M1;M2' --depth D [--bulk on|off]
 * It prints the count on its first line, then the time and leaves per
 * second (divide then lists "MOVE COUNT" per legal move). Returns the
 * process exit status: 0, or 2 with a message on stderr for bad input. */
#ifndef MORPHOS_CLI_H
#define MORPHOS_CLI_H

#include <stdio.h>

/* argv[0] is "perft" or "divide". */
int cli_perft(int argc, char **argv, FILE *out, FILE *err);

#endif
