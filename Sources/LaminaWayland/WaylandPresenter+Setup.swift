import CWaylandClient
import CWaylandProtocols
import Glibc
import Lamina

extension WaylandPresenter {
    /// Binds wl_compositor (≥ 4, for damage_buffer), wl_shm, xdg_wm_base, the outputs and, when offered,
    /// wp_presentation.
    func bindGlobals() throws {
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, WaylandListeners.registry, Unmanaged.passUnretained(self).toOpaque())
        try awaitFirstAnswer(seconds: options.answerTimeout)
        try roundtrip()
        try roundtrip()
        if compositor == nil { throw WaylandError.missingGlobal("wl_compositor version 4 or later") }
        if shm == nil { throw WaylandError.missingGlobal("wl_shm") }
        if wmBase == nil { throw WaylandError.missingGlobal("xdg_wm_base (xdg-shell)") }
    }

    /// Sends what is queued and waits at most `seconds` for the compositor's first events, so a socket that
    /// accepts and never answers ends in an error instead of a wait without end.
    func awaitFirstAnswer(seconds: Double) throws {
        while wl_display_prepare_read(display) != 0 { _ = wl_display_dispatch_pending(display) }
        if wl_display_flush(display) < 0 && errno != EAGAIN {
            wl_display_cancel_read(display)
            throw connectionError()
        }
        var fds = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
        let deadline = MonotonicClock.seconds() + seconds
        var ready: Int32
        repeat {
            let left = max(0, deadline - MonotonicClock.seconds())
            ready = poll(&fds, 1, Int32(left * 1000))
        } while ready < 0 && errno == EINTR
        guard ready > 0 else {
            wl_display_cancel_read(display)
            throw WaylandError.noAnswer(seconds: seconds)
        }
        if wl_display_read_events(display) < 0 { throw connectionError() }
        if wl_display_dispatch_pending(display) < 0 { throw connectionError() }
    }

    /// Creates the surface and its toplevel, asks for fullscreen if wanted and waits for the first configure.
    func makeWindow() throws {
        let me = Unmanaged.passUnretained(self).toOpaque()
        surface = wl_compositor_create_surface(compositor)
        input.surface = surface
        xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface)
        xdg_surface_add_listener(xdgSurface, WaylandListeners.xdgSurface, me)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        xdg_toplevel_add_listener(toplevel, WaylandListeners.toplevel, me)
        xdg_toplevel_set_title(toplevel, options.title)
        xdg_toplevel_set_app_id(toplevel, "lamina")
        if options.fullscreen { xdg_toplevel_set_fullscreen(toplevel, nil) }
        wl_surface_commit(surface)
        while !configured && !closed { try dispatch() }
    }

    func global(_ registry: OpaquePointer?, name: UInt32, interface: String, version: UInt32) {
        func bind(_ iface: UnsafePointer<wl_interface>, _ wanted: UInt32) -> OpaquePointer? {
            OpaquePointer(wl_registry_bind(registry, name, iface, min(version, wanted)))
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        switch interface {
        case "wl_compositor" where version >= 4:
            compositor = bind(lamina_wl_compositor_interface(), 4)
        case "wl_shm":
            shm = bind(lamina_wl_shm_interface(), 1)
        case "xdg_wm_base":
            wmBase = bind(lamina_xdg_wm_base_interface(), 2)
            xdg_wm_base_add_listener(wmBase, WaylandListeners.wmBase, me)
        case "wp_presentation":
            presentation = bind(lamina_wp_presentation_interface(), 1)
        case "wl_seat":
            bindSeat(registry, name: name, version: version)
        case "wl_output":
            if let output = bind(lamina_wl_output_interface(), 2) {
                outputs[output] = 1
                wl_output_add_listener(output, WaylandListeners.output, me)
            }
        default:
            break
        }
    }

    func toplevelConfigure(width: Int32, height: Int32) {
        pendingSize = width > 0 && height > 0 ? (Int(width), Int(height)) : nil
    }

    func surfaceConfigure(serial: UInt32) {
        xdg_surface_ack_configure(xdgSurface, serial)
        size = pendingSize ?? (options.width, options.height)
        configured = true
    }

    func presented(_ feedback: OpaquePointer?, seconds: Double?, refresh: Double) {
        guard let feedback else { return }
        if let frame = feedbacks.removeValue(forKey: feedback) {
            presentations.append(Presentation(frame: frame, shownAt: seconds, refresh: refresh))
        }
        wp_presentation_feedback_destroy(feedback)
    }
}
