#ifndef LAMINA_CXKBCOMMON_H
#define LAMINA_CXKBCOMMON_H
#include <xkbcommon/xkbcommon.h>
#endif
