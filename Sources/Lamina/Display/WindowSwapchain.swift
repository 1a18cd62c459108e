/// The buffers of a window surface that a GPU renderer fills itself (an EGL window surface on a
/// `wl_egl_window`, later a GBM surface): a presenter asks it for the back buffer and its age, the buffer
/// copies the repaired rects of the renderer's canvas into itself (`PresenterBuffer.write`), and a swap
/// shows it with the frame's damage. The frames stay on the GPU: nothing is read back.
public protocol WindowSwapchain: AnyObject {
    /// The back buffer, of `width × height` pixels, with its age (0 when the driver does not tell:
    /// the presenter then repairs all of it).
    func acquire(width: Int, height: Int) throws -> any PresenterBuffer

    /// Shows the back buffer; `damage` is what differs from the previous frame (top-left origin). The
    /// swap commits the window surface, so a presenter asks for its frame callback and feedback first.
    func swap(damage: [PixelRect]) throws

    /// Whether a swap tells the window system its damage (else it damages the whole surface).
    var sendsDamage: Bool { get }
    /// Whether back buffers report their age (else each is repaired whole).
    var knowsBufferAge: Bool { get }
    /// How frames reach the window, for reports.
    var description: String { get }
}
