#ifndef LAMINA_CWAYLANDGLUE_H
#define LAMINA_CWAYLANDGLUE_H
#include <stddef.h>
#include <wayland-client.h>
#include "../generated/xdg-shell-client-protocol.h"
#include "../generated/presentation-time-client-protocol.h"
#include "../generated/lamina-virtual-input-client-protocol.h"

/// The address of each interface table Lamina binds from the registry.
const struct wl_interface *lamina_wl_compositor_interface(void);
const struct wl_interface *lamina_wl_shm_interface(void);
const struct wl_interface *lamina_wl_output_interface(void);
const struct wl_interface *lamina_xdg_wm_base_interface(void);
const struct wl_interface *lamina_wp_presentation_interface(void);
const struct wl_interface *lamina_wl_seat_interface(void);
const struct wl_interface *lamina_zwlr_virtual_pointer_manager_v1_interface(void);
const struct wl_interface *lamina_zwp_virtual_keyboard_manager_v1_interface(void);

/// A memory file of `size` bytes for a wl_shm pool (memfd, close-on-exec); -1 with errno on failure.
int lamina_anonymous_file(size_t size);
#endif
