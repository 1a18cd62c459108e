#ifndef LAMINA_CUNIBREAK_SHIM_H
#define LAMINA_CUNIBREAK_SHIM_H
#include <linebreak.h>
#endif
