// The protocol tables wayland-scanner generated before this build (see Plugins/WaylandScanner).
#include "generated/xdg-shell-protocol.c"
#include "generated/presentation-time-protocol.c"
#include "generated/lamina-virtual-input-protocol.c"
