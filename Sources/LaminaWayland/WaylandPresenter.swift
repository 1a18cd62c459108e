import CWaylandClient
import CWaylandProtocols
import Glibc
import Lamina

/// A `Presenter` that shows frames in an xdg-shell toplevel window of a Wayland compositor.
///
/// Frames go through a `wl_shm` pool of up to `bufferCount` buffers, each repaired by its age; a commit
/// carries `wl_surface.damage_buffer` rects of what changed, a frame callback (the next frame is only drawn
/// once the compositor asks for it) and a `wp_presentation` feedback that reports when it was shown. With a
/// window swapchain (`attachWindowSurface`: a GPU renderer's EGL surface on a `wl_egl_window`) the frames
/// stay on the GPU instead: the swapchain's back buffer is repaired by its age and its swap commits the
/// surface, with the same frame callback and feedback.
/// The window follows the compositor's configure events (size, fullscreen); the output's scale becomes the
/// buffer scale. Used from one thread.
public final class WaylandPresenter: Presenter {
    /// How the window asks to be shown.
    public struct Options: Sendable {
        /// Window size in points when the compositor leaves the choice to the client.
        public var width: Int
        public var height: Int
        public var title: String
        public var fullscreen: Bool
        /// Buffers in the swap chain (2 or 3).
        public var bufferCount: Int
        /// Seconds the compositor has to answer the first request before the presenter gives up.
        public var answerTimeout = 5.0

        public init(width: Int, height: Int, title: String = "Lamina", fullscreen: Bool = false, bufferCount: Int = 3) {
            self.width = max(1, width)
            self.height = max(1, height)
            self.title = title
            self.fullscreen = fullscreen
            self.bufferCount = min(3, max(2, bufferCount))
        }
    }

    let options: Options
    let display: OpaquePointer
    var registry: OpaquePointer?
    var compositor: OpaquePointer?
    var shm: OpaquePointer?
    var wmBase: OpaquePointer?
    var presentation: OpaquePointer?
    var outputs: [OpaquePointer: Int] = [:]
    var surface: OpaquePointer?
    var xdgSurface: OpaquePointer?
    var toplevel: OpaquePointer?

    var configured = false
    var closed = false
    var frameDue = true
    var pendingSize: (width: Int, height: Int)?
    var size: (width: Int, height: Int)
    var appliedScale = 1
    var lastSlot: (width: Int, height: Int)?
    var buffers: [ShmBuffer] = []
    var frameNumber = 0
    var feedbacks: [OpaquePointer: Int] = [:]
    var presentations: [Presentation] = []
    var probedEGL: WaylandEGLSupport?
    /// The GPU path: the `wl_egl_window` of the surface and the swapchain drawing into it.
    var eglWindow: OpaquePointer?
    var swapchain: (any WindowSwapchain)?
    var eglWindowSize = (width: 0, height: 0)
    var seat: OpaquePointer?
    var wlPointer: OpaquePointer?
    var wlKeyboard: OpaquePointer?
    var wlTouch: OpaquePointer?
    let input = SeatInput(surface: nil)
    var inputSinceSlot = false
    /// The first input delivered since the last slot: when it was read, its timestamp, `frameCallbacks` then.
    var pendingArrival: (received: Double, eventTime: UInt32?, callbacks: Int)?
    /// Frame callbacks received so far.
    var frameCallbacks = 0
    /// Called with each input event, in order, on the presenter's thread, before `waitForFrame` returns the
    /// slot of the frame that should show its effect; nil (default) leaves events queued for `takeInput()`.
    public var onInput: ((InputEvent) -> Void)?

    /// Connects to the compositor (`displayName`, or `WAYLAND_DISPLAY` when nil), binds its globals and
    /// maps a toplevel window; returns once the compositor has configured it.
    public init(displayName: String? = nil, options: Options) throws {
        guard let name = displayName ?? getenv("WAYLAND_DISPLAY").map({ String(cString: $0) }), !name.isEmpty else {
            throw WaylandError.noDisplay
        }
        guard let d = wl_display_connect(name) else {
            throw WaylandError.cannotConnect(display: name, reason: String(cString: strerror(errno)))
        }
        display = d
        self.options = options
        size = (options.width, options.height)
        try bindGlobals()
        try makeWindow()
    }

    deinit {
        swapchain = nil
        if let eglWindow { wl_egl_window_destroy(eglWindow) }
        for b in buffers { b.destroy() }
        for f in feedbacks.keys { wp_presentation_feedback_destroy(f) }
        releaseSeat()
        if let toplevel { xdg_toplevel_destroy(toplevel) }
        if let xdgSurface { xdg_surface_destroy(xdgSurface) }
        if let surface { wl_surface_destroy(surface) }
        wl_display_disconnect(display)
    }

    /// The output scale: the largest scale of the compositor's outputs.
    public var scale: Int { max(1, outputs.values.max() ?? 1) }

    public var pathDescription: String {
        let buffers = swapchain.map(\.description)
            ?? "wl_shm ARGB8888, \(options.bufferCount) buffers repaired by age, wl_surface.damage_buffer per damaged rect"
        return buffers + ", frame callbacks" + (presentation == nil ? "" : ", wp_presentation feedback")
    }

    /// The `struct wl_display *` of the connection, for a GPU renderer to open EGL on (it must not outlive
    /// the presenter).
    public var displayPointer: OpaquePointer { display }

    /// Shows frames through a window swapchain from now on: makes the surface's `wl_egl_window` at the
    /// current buffer size and hands it (`struct wl_egl_window *`) to `make`, which returns the swapchain
    /// drawing into it (e.g. a GPU backend's `GLESWindowSurface`). The window follows later resizes.
    public func attachWindowSurface(_ make: (UnsafeMutableRawPointer) throws -> any WindowSwapchain) throws {
        guard let surface, swapchain == nil else { return }
        let w = size.width * scale, h = size.height * scale
        guard let window = wl_egl_window_create(surface, Int32(w), Int32(h)) else {
            throw WaylandError.missingGlobal("wl_egl_window (wl_egl_window_create failed)")
        }
        eglWindow = window
        eglWindowSize = (w, h)
        swapchain = try make(UnsafeMutableRawPointer(window))
    }

    /// What EGL offers on this display (probed once, on first use).
    public var eglSupport: WaylandEGLSupport {
        if let probed = probedEGL { return probed }
        let probed = WaylandEGLSupport.probe(display)
        probedEGL = probed
        return probed
    }

    /// Asks the compositor to show the window fullscreen (or not); a configure with the new size follows.
    public func setFullscreen(_ on: Bool) throws {
        guard let toplevel else { return }
        if on { xdg_toplevel_set_fullscreen(toplevel, nil) } else { xdg_toplevel_unset_fullscreen(toplevel) }
        try flush()
    }

    public var needsRedraw: Bool {
        configured && (lastSlot.map { $0.width != size.width * scale || $0.height != size.height * scale } ?? true)
    }

    public func waitForFrame(wantsFrame: Bool) throws -> FrameSlot? {
        while true {
            if closed { return nil }
            if deliverInput() { inputSinceSlot = true }
            if configured {
                let w = size.width * scale, h = size.height * scale
                let wants = wantsFrame || inputSinceSlot
                if needsRedraw || (wants && frameDue) || (!wants && !presentations.isEmpty) {
                    lastSlot = (w, h)
                    inputSinceSlot = false
                    let arrival = pendingArrival.map {
                        InputArrival(received: $0.received, eventTime: $0.eventTime, refreshesWaited: frameCallbacks - $0.callbacks)
                    }
                    pendingArrival = nil
                    return FrameSlot(width: w, height: h, scale: scale, time: MonotonicClock.seconds(), input: arrival)
                }
            }
            try dispatch()
        }
    }

    public func acquireBuffer() throws -> any PresenterBuffer {
        let w = size.width * scale, h = size.height * scale
        if let swapchain, let eglWindow {
            if eglWindowSize != (w, h) {
                wl_egl_window_resize(eglWindow, Int32(w), Int32(h), 0, 0)
                eglWindowSize = (w, h)
            }
            return try swapchain.acquire(width: w, height: h)
        }
        while true {
            for b in buffers where !b.busy && (b.width != w || b.height != h) { b.destroy() }
            buffers.removeAll { !$0.busy && ($0.width != w || $0.height != h) }
            let fitting = buffers.filter { $0.width == w && $0.height == h }
            if let free = fitting.filter({ !$0.busy }).max(by: { $0.lastFrame < $1.lastFrame }) { return free }
            if fitting.count < options.bufferCount { return try makeBuffer(width: w, height: h) }
            try dispatch(stoppable: false)
        }
    }

    public func present(_ buffer: any PresenterBuffer, damage: [PixelRect]) throws {
        guard let surface else { preconditionFailure("present before the window exists") }
        frameNumber += 1
        if appliedScale != scale {
            wl_surface_set_buffer_scale(surface, Int32(scale))
            appliedScale = scale
        }
        if let swapchain {
            requestFrameEvents(surface)
            try swapchain.swap(damage: damage)
            try flush()
            return
        }
        guard let b = buffer as? ShmBuffer else { preconditionFailure("a buffer of another presenter") }
        b.lastFrame = frameNumber
        b.busy = true
        wl_surface_attach(surface, b.proxy, 0, 0)
        for r in damage {
            wl_surface_damage_buffer(surface, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
        }
        requestFrameEvents(surface)
        wl_surface_commit(surface)
        try flush()
    }

    /// Asks for the frame callback and the presentation feedback of the next commit.
    private func requestFrameEvents(_ surface: OpaquePointer) {
        let callback = wl_surface_frame(surface)
        wl_callback_add_listener(callback, WaylandListeners.frame, Unmanaged.passUnretained(self).toOpaque())
        frameDue = false
        if let presentation, let feedback = wp_presentation_feedback(presentation, surface) {
            wp_presentation_feedback_add_listener(feedback, WaylandListeners.feedback, Unmanaged.passUnretained(self).toOpaque())
            feedbacks[feedback] = frameNumber
        }
    }

    public func takePresentations() -> [Presentation] {
        defer { presentations.removeAll() }
        return presentations
    }

    private func makeBuffer(width: Int, height: Int) throws -> ShmBuffer {
        guard let shm else { throw WaylandError.missingGlobal("wl_shm") }
        let b = try ShmBuffer(shm: shm, width: width, height: height)
        b.currentFrame = { [unowned self] in self.frameNumber + 1 }
        wl_buffer_add_listener(b.proxy, WaylandListeners.buffer, Unmanaged.passUnretained(b).toOpaque())
        buffers.append(b)
        return b
    }

    func flush() throws {
        if wl_display_flush(display) < 0 && errno != EAGAIN { throw connectionError() }
    }

    /// Waits until the compositor has handled every request sent so far.
    public func sync() throws {
        try roundtrip()
    }

    func roundtrip() throws {
        if wl_display_roundtrip(display) < 0 { throw connectionError() }
    }

    func connectionError() -> WaylandError {
        let code = wl_display_get_error(display)
        if code == EPROTO { return .disconnected(reason: "protocol error reported by the compositor") }
        let reason = code == 0 ? "the connection closed" : String(cString: strerror(code))
        return .disconnected(reason: "\(reason) (the compositor went away)")
    }
}
