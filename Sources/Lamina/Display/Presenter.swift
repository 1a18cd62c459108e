/// A display output that shows frames: the seam between Lamina's frame loop and a window system or a
/// display controller (Wayland today; GBM + atomic KMS would fill the same interface, see docs/DISPLAY.md).
///
/// One frame goes: `waitForFrame()` (blocks until the display wants a frame, i.e. the previous one was
/// taken up, and reports the current size), `acquireBuffer()` (a free buffer and its age), write the damage
/// into it, `present(_:damage:)`. When the frame reaches the screen the presenter reports a `Presentation`
/// through `takePresentations()`.
public protocol Presenter: AnyObject {
    /// Blocks until the display wants the next frame; `nil` when the window was closed.
    /// Throws a `LaminaFailure` of kind `.environment` when the display goes away.
    /// - Parameter wantsFrame: false when nothing changed; the presenter then only waits for display
    ///   events (resize, close) instead of a frame slot.
    func waitForFrame(wantsFrame: Bool) throws -> FrameSlot?

    /// True when the display needs a frame whatever the source says: its size changed since the last slot.
    var needsRedraw: Bool { get }

    /// A buffer of the current size that the display no longer reads, with its age.
    func acquireBuffer() throws -> any PresenterBuffer

    /// Queues the buffer for display; `damage` is what differs from the previously presented frame.
    func present(_ buffer: any PresenterBuffer, damage: [PixelRect]) throws

    /// The presentations reported since the last call, oldest first.
    func takePresentations() -> [Presentation]

    /// How frames reach the screen, for reports (e.g. "wl_shm, 3 buffers, damage_buffer").
    var pathDescription: String { get }
}

/// A buffer the frame loop draws into before presenting it.
public protocol PresenterBuffer: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// How many frames ago this buffer's contents were presented: 1 = the last frame, 0 = unknown
    /// contents (new buffer), which must be fully redrawn. The same meaning as `EGL_EXT_buffer_age`.
    var age: Int { get }
    /// Copies the given rects of a frame of the buffer's size into the buffer: from its bitmap, or, for a
    /// window swapchain's buffer, from the renderer's canvas.
    func write(_ frame: SourceFrame, rects: [PixelRect]) throws
}

/// What the display wants drawn next.
public struct FrameSlot: Hashable, Sendable {
    /// Buffer size in pixels.
    public var width: Int
    public var height: Int
    /// Pixels per point of the output the surface is on.
    public var scale: Int
    /// Seconds on a monotonic clock when the slot opened.
    public var time: Double
    /// The first input event since the previous slot, when the slot answers input.
    public var input: InputArrival?

    public init(width: Int, height: Int, scale: Int, time: Double, input: InputArrival? = nil) {
        self.width = width
        self.height = height
        self.scale = scale
        self.time = time
        self.input = input
    }
}

/// A frame the display reported as shown (or dropped).
public struct Presentation: Hashable, Sendable {
    /// The frame's number in presentation order (1 = first presented frame).
    public var frame: Int
    /// Seconds on the display's clock when it turned to light; `nil` when the frame was discarded.
    public var shownAt: Double?
    /// The display's refresh interval in seconds (0 when unknown).
    public var refresh: Double

    public init(frame: Int, shownAt: Double?, refresh: Double) {
        self.frame = frame
        self.shownAt = shownAt
        self.refresh = refresh
    }
}
