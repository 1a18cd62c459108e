import CWaylandClient
import CWaylandProtocols
import CXKBCommon
import Foundation

/// A test client of its own connection that injects pointer and key events through wlroots'
/// `zwlr_virtual_pointer_manager_v1` and `zwp_virtual_keyboard_manager_v1` (with the default XKB keymap,
/// "us"), as a device plugged into the compositor's seat would.
final class VirtualInput {
    let display: OpaquePointer
    var registry: OpaquePointer?
    var seat: OpaquePointer?
    var pointerManager: OpaquePointer?
    var keyboardManager: OpaquePointer?
    var pointer: OpaquePointer?
    var keyboard: OpaquePointer?
    let extent: (width: UInt32, height: UInt32)
    private var time: UInt32 = 1

    nonisolated(unsafe) static let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
        let p = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        p.initialize(to: wl_registry_listener(
            global: { data, registry, name, interface, _ in
                let me = Unmanaged<VirtualInput>.fromOpaque(data!).takeUnretainedValue()
                switch String(cString: interface!) {
                case "wl_seat" where me.seat == nil:
                    me.seat = OpaquePointer(wl_registry_bind(registry, name, lamina_wl_seat_interface(), 1))
                case "zwlr_virtual_pointer_manager_v1":
                    me.pointerManager = OpaquePointer(wl_registry_bind(registry, name, lamina_zwlr_virtual_pointer_manager_v1_interface(), 1))
                case "zwp_virtual_keyboard_manager_v1":
                    me.keyboardManager = OpaquePointer(wl_registry_bind(registry, name, lamina_zwp_virtual_keyboard_manager_v1_interface(), 1))
                default: break
                }
            },
            global_remove: { _, _, _ in }))
        return p
    }()

    /// Connects to `socket` and creates the virtual pointer (absolute motion over `extent`, the output
    /// layout's size) and keyboard.
    init(socket: String, extent: (width: UInt32, height: UInt32)) throws {
        guard let d = wl_display_connect(socket) else { throw SwayFailure(message: "cannot connect to \(socket)") }
        display = d
        self.extent = extent
        registry = wl_display_get_registry(d)
        wl_registry_add_listener(registry, Self.registryListener, Unmanaged.passUnretained(self).toOpaque())
        wl_display_roundtrip(d)
        guard let seat, let pointerManager, let keyboardManager else {
            throw SwayFailure(message: "the compositor offers no wl_seat, virtual pointer or virtual keyboard manager")
        }
        pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(pointerManager, seat)
        keyboard = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(keyboardManager, seat)
        try sendKeymap()
        try roundtrip()
    }

    deinit {
        if let pointer { zwlr_virtual_pointer_v1_destroy(pointer) }
        if let keyboard { zwp_virtual_keyboard_v1_destroy(keyboard) }
        wl_display_roundtrip(display)
        wl_display_disconnect(display)
    }

    private func sendKeymap() throws {
        let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
        defer { xkb_context_unref(context) }
        guard let keymap = xkb_keymap_new_from_names(context, nil, XKB_KEYMAP_COMPILE_NO_FLAGS),
              let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else {
            throw SwayFailure(message: "the default XKB keymap did not compile")
        }
        defer { free(text); xkb_keymap_unref(keymap) }
        let size = strlen(text) + 1
        let fd = lamina_anonymous_file(size)
        guard fd >= 0, pwrite(fd, text, size, 0) == size else { throw SwayFailure(message: "cannot write the keymap") }
        defer { close(fd) }
        zwp_virtual_keyboard_v1_keymap(keyboard, 1, fd, UInt32(size))
    }

    /// The event's timestamp: the monotonic clock in milliseconds, as libinput stamps a real device's events
    /// (never going back).
    private func tick() -> UInt32 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        time = max(time &+ 1, UInt32(truncatingIfNeeded: Int64(t.tv_sec) * 1000 + Int64(t.tv_nsec) / 1_000_000))
        return time
    }

    func roundtrip() throws {
        if wl_display_roundtrip(display) < 0 { throw SwayFailure(message: "the virtual input connection broke") }
    }

    /// Moves the pointer to a point of the output layout.
    func move(to x: UInt32, _ y: UInt32) throws {
        zwlr_virtual_pointer_v1_motion_absolute(pointer, tick(), x, y, extent.width, extent.height)
        zwlr_virtual_pointer_v1_frame(pointer)
        try roundtrip()
    }

    /// A button (`BTN_LEFT` 0x110 …) down or up.
    func button(_ button: UInt32, pressed: Bool) throws {
        zwlr_virtual_pointer_v1_button(pointer, tick(), button, pressed ? 1 : 0)
        zwlr_virtual_pointer_v1_frame(pointer)
        try roundtrip()
    }

    /// A scroll on `axis` (0 vertical, 1 horizontal) by `value` surface points.
    func scroll(axis: UInt32, by value: Double) throws {
        zwlr_virtual_pointer_v1_axis(pointer, tick(), axis, Int32(value * 256))
        zwlr_virtual_pointer_v1_frame(pointer)
        try roundtrip()
    }

    /// An evdev key (`KEY_A` 30 …) down or up.
    func key(_ code: UInt32, pressed: Bool) throws {
        zwp_virtual_keyboard_v1_key(keyboard, tick(), code, pressed ? 1 : 0)
        try roundtrip()
    }
}
