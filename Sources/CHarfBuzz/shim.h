#ifndef LAMINA_CHARFBUZZ_SHIM_H
#define LAMINA_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#endif
