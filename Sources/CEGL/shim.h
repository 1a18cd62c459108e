#ifndef LAMINA_CEGL_SHIM_H
#define LAMINA_CEGL_SHIM_H
#define EGL_EGLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#endif
