#ifndef LAMINA_CFONTCONFIG_SHIM_H
#define LAMINA_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
