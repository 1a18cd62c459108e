import CWaylandClient
import CWaylandProtocols
import Lamina

/// The listener tables handed to libwayland: each forwards its events to the `WaylandPresenter` (or the
/// `ShmBuffer`) passed as user data. Allocated once and never freed, as libwayland keeps the pointers.
enum WaylandListeners {
    static func presenter(_ data: UnsafeMutableRawPointer?) -> WaylandPresenter {
        Unmanaged<WaylandPresenter>.fromOpaque(data!).takeUnretainedValue()
    }

    static func table<T>(_ value: T) -> UnsafeMutablePointer<T> {
        let p = UnsafeMutablePointer<T>.allocate(capacity: 1)
        p.initialize(to: value)
        return p
    }

    nonisolated(unsafe) static let registry = table(wl_registry_listener(
        global: { data, registry, name, interface, version in
            presenter(data).global(registry, name: name, interface: String(cString: interface!), version: version)
        },
        global_remove: { _, _, _ in }))

    nonisolated(unsafe) static let wmBase: UnsafeMutablePointer<xdg_wm_base_listener> = {
        var l = xdg_wm_base_listener()
        l.ping = { _, base, serial in xdg_wm_base_pong(base, serial) }
        return table(l)
    }()

    nonisolated(unsafe) static let xdgSurface: UnsafeMutablePointer<xdg_surface_listener> = {
        var l = xdg_surface_listener()
        l.configure = { data, _, serial in presenter(data).surfaceConfigure(serial: serial) }
        return table(l)
    }()

    nonisolated(unsafe) static let toplevel: UnsafeMutablePointer<xdg_toplevel_listener> = {
        var l = xdg_toplevel_listener()
        l.configure = { data, _, width, height, _ in presenter(data).toplevelConfigure(width: width, height: height) }
        l.close = { data, _ in presenter(data).closed = true }
        return table(l)
    }()

    nonisolated(unsafe) static let output: UnsafeMutablePointer<wl_output_listener> = {
        var l = wl_output_listener()
        l.geometry = { _, _, _, _, _, _, _, _, _, _ in }
        l.mode = { _, _, _, _, _, _ in }
        l.done = { _, _ in }
        l.scale = { data, output, factor in presenter(data).outputs[output!] = Int(factor) }
        return table(l)
    }()

    nonisolated(unsafe) static let buffer: UnsafeMutablePointer<wl_buffer_listener> = {
        var l = wl_buffer_listener()
        l.release = { data, _ in Unmanaged<ShmBuffer>.fromOpaque(data!).takeUnretainedValue().busy = false }
        return table(l)
    }()

    nonisolated(unsafe) static let frame: UnsafeMutablePointer<wl_callback_listener> = {
        var l = wl_callback_listener()
        l.done = { data, callback, _ in
            wl_callback_destroy(callback)
            presenter(data).frameDue = true
            presenter(data).frameCallbacks += 1
        }
        return table(l)
    }()

    nonisolated(unsafe) static let feedback: UnsafeMutablePointer<wp_presentation_feedback_listener> = {
        var l = wp_presentation_feedback_listener()
        l.sync_output = { _, _, _ in }
        l.presented = { data, feedback, secHi, secLo, nsec, refresh, _, _, _ in
            let seconds = Double(UInt64(secHi) << 32 | UInt64(secLo)) + Double(nsec) / 1e9
            presenter(data).presented(feedback, seconds: seconds, refresh: Double(refresh) / 1e9)
        }
        l.discarded = { data, feedback in presenter(data).presented(feedback, seconds: nil, refresh: 0) }
        return table(l)
    }()
}
