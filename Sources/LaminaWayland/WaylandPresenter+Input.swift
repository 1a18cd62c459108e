import CWaylandClient
import CWaylandProtocols
import Glibc
import Lamina

extension WaylandPresenter {
    /// Surface points per canvas point: input coordinates are divided by it (1 by default; `lamina show`
    /// sets the scene's scale, as its window is the scene's pixels in points).
    public var canvasScale: Double {
        get { input.canvasScale }
        set { input.canvasScale = newValue }
    }

    /// Whether the compositor offers a seat (pointer, keyboard or touch may come).
    public var hasSeat: Bool { seat != nil }

    /// The input events received since the last call (or since the last delivery to `onInput`), oldest first;
    /// at most the newest 4096 are kept while nobody takes them.
    public func takeInput() -> [InputEvent] { input.takeEvents() }

    /// Hands the queued input to `onInput`, in order; true when there was any. Keeps when the first of it
    /// arrived for the next frame slot (`FrameSlot.input`).
    func deliverInput() -> Bool {
        guard let onInput else { return false }
        if pendingArrival == nil, let first = input.firstQueued {
            pendingArrival = (first.received, first.eventTime, frameCallbacks)
        }
        let events = input.takeEvents()
        for e in events { onInput(e) }
        return !events.isEmpty
    }

    /// Reads and dispatches what the compositor sent within `seconds` (returns early once something
    /// arrived), so that input queues without a frame loop; see `takeInput()`.
    public func dispatchEvents(timeout seconds: Double) throws {
        try flush()
        if wl_display_dispatch_pending(display) < 0 { throw connectionError() }
        while wl_display_prepare_read(display) != 0 {
            if wl_display_dispatch_pending(display) < 0 { throw connectionError() }
        }
        try flush()
        var fds = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
        let ready = poll(&fds, 1, Int32(max(0, min(seconds, 60)) * 1000))
        if ready > 0 {
            if wl_display_read_events(display) < 0 { throw connectionError() }
        } else {
            wl_display_cancel_read(display)
        }
        if wl_display_dispatch_pending(display) < 0 { throw connectionError() }
    }

    func bindSeat(_ registry: OpaquePointer?, name: UInt32, version: UInt32) {
        guard seat == nil,
              let bound = OpaquePointer(wl_registry_bind(registry, name, lamina_wl_seat_interface(), min(version, 5))) else { return }
        seat = bound
        wl_seat_add_listener(bound, WaylandListeners.seat, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Gets (or releases) the pointer, keyboard and touch devices the seat has (bits 1, 2, 4).
    func seatCapabilities(_ caps: UInt32) {
        guard let seat else { return }
        let me = Unmanaged.passUnretained(self).toOpaque()
        if caps & 1 != 0, wlPointer == nil, let p = wl_seat_get_pointer(seat) {
            wlPointer = p
            wl_pointer_add_listener(p, WaylandListeners.pointer, me)
        } else if caps & 1 == 0, let p = wlPointer {
            wl_pointer_destroy(p)
            wlPointer = nil
        }
        if caps & 2 != 0, wlKeyboard == nil, let k = wl_seat_get_keyboard(seat) {
            wlKeyboard = k
            wl_keyboard_add_listener(k, WaylandListeners.keyboard, me)
        } else if caps & 2 == 0, let k = wlKeyboard {
            wl_keyboard_destroy(k)
            wlKeyboard = nil
        }
        if caps & 4 != 0, wlTouch == nil, let t = wl_seat_get_touch(seat) {
            wlTouch = t
            wl_touch_add_listener(t, WaylandListeners.touch, me)
        } else if caps & 4 == 0, let t = wlTouch {
            input.touchCancel()
            wl_touch_destroy(t)
            wlTouch = nil
        }
    }

    func releaseSeat() {
        if let wlPointer { wl_pointer_destroy(wlPointer) }
        if let wlKeyboard { wl_keyboard_destroy(wlKeyboard) }
        if let wlTouch { wl_touch_destroy(wlTouch) }
        if let seat { wl_seat_destroy(seat) }
    }
}
