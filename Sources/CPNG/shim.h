#ifndef LAMINA_CPNG_SHIM_H
#define LAMINA_CPNG_SHIM_H
#include <png.h>
#endif
