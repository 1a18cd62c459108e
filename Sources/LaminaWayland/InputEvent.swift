import Lamina

/// One input event of the window's seat, in canvas points (surface coordinates divided by the presenter's
/// `canvasScale`), in the order the compositor sent them.
public enum InputEvent: Hashable, Sendable {
    /// The pointer entered the window at a point.
    case pointerEntered(Point)
    /// The pointer moved to a point.
    case pointerMoved(Point)
    /// The pointer left the window.
    case pointerLeft
    /// A button (Linux `BTN_*` code: 0x110 left, 0x111 right, 0x112 middle) went down or up at the
    /// pointer's last point.
    case pointerButton(button: UInt32, pressed: Bool, at: Point)
    /// A scroll by `dx`, `dy` canvas points (positive: content moves left/up, as `wl_pointer.axis`) at the
    /// pointer's last point.
    case scroll(dx: Double, dy: Double, at: Point)
    /// A key went down or up: its XKB keysym, the UTF-8 text it types with the current modifiers (empty
    /// for keys that type nothing and for releases) and the modifiers held.
    case key(keysym: UInt32, text: String, pressed: Bool, modifiers: KeyModifiers)
    /// A finger touched the window. A `down` with an id that is still down replaces that touch: a
    /// `touchCancelled` for the old one comes first.
    case touchBegan(id: Int32, at: Point)
    case touchMoved(id: Int32, to: Point)
    case touchEnded(id: Int32)
    /// The compositor took over a touch (e.g. for a gesture); the program should undo what it started.
    case touchCancelled(id: Int32)
}

/// The modifiers XKB reports active (depressed, latched or locked).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let control = KeyModifiers(rawValue: 1 << 1)
    public static let alt = KeyModifiers(rawValue: 1 << 2)
    public static let logo = KeyModifiers(rawValue: 1 << 3)
    public static let capsLock = KeyModifiers(rawValue: 1 << 4)
}
