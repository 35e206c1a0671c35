// The system zlib (zlib1g-dev on Debian and Ubuntu; part of the SDK on Apple platforms), for
// decoding gzip and deflate bodies a transport hands over still encoded.
#include <zlib.h>
