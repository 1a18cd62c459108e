#ifndef LAMINA_CGBM_SHIM_H
#define LAMINA_CGBM_SHIM_H
#include <gbm.h>
#endif
