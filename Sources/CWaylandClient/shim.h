#ifndef LAMINA_CWAYLANDCLIENT_SHIM_H
#define LAMINA_CWAYLANDCLIENT_SHIM_H
#include <wayland-client.h>
#include <wayland-egl.h>
#endif
