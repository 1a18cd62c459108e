import CXKBCommon
import Glibc
import Lamina

/// The state of the window's seat — pointer focus and position, touches down, the keyboard's XKB keymap
/// and state — turning `wl_pointer`, `wl_keyboard` and `wl_touch` events into `InputEvent`s queued in order.
///
/// Events for a surface other than the window's (or one the compositor names after it was destroyed,
/// which arrives as no surface) are ignored, and so are motions and buttons while the pointer is not on the
/// window. A keymap that does not compile turns the keyboard off with one warning line. Key repeat
/// (`repeat_info`) is ignored: one `.key` per press and release the compositor sends.
final class SeatInput {
    /// The window's surface: events for any other are ignored.
    var surface: OpaquePointer?
    /// Surface points per canvas point.
    var canvasScale = 1.0
    private(set) var events: [InputEvent] = []
    /// When the first of the queued events was read, and the compositor's timestamp of the event being read.
    private(set) var firstQueued: (received: Double, eventTime: UInt32?)?
    private var currentEventTime: UInt32?
    private var pointerOnSurface = false
    private var pointer = Point.zero
    private var touches: [Int32: Point] = [:]
    private var keyboardFocused = false
    private var xkbContext: OpaquePointer?
    private var keymap: OpaquePointer?
    private var xkbState: OpaquePointer?
    private var keymapWarned = false
    /// Where the one warning line goes (standard error).
    var warn: (String) -> Void = { line in
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    init(surface: OpaquePointer?) { self.surface = surface }

    deinit { dropKeymap(); if let xkbContext { xkb_context_unref(xkbContext) } }

    /// Events kept while nobody takes them (a program without `onInput` that never calls `takeInput()`);
    /// past it the oldest are dropped.
    static let queueLimit = 4096

    private func queue(_ event: InputEvent) {
        if events.count >= Self.queueLimit { events.removeFirst(events.count - Self.queueLimit + 1) }
        events.append(event)
        if firstQueued == nil { firstQueued = (MonotonicClock.seconds(), currentEventTime) }
        currentEventTime = nil
    }

    /// Notes the compositor's timestamp of the event about to be handled.
    func stamp(_ time: UInt32) { currentEventTime = time }

    func takeEvents() -> [InputEvent] {
        defer { events.removeAll(); firstQueued = nil }
        return events
    }

    private func canvas(_ x: Int32, _ y: Int32) -> Point {
        let s = canvasScale > 0 && canvasScale.isFinite ? canvasScale : 1
        return Point(Double(x) / 256 / s, Double(y) / 256 / s)
    }

    private func isOurs(_ s: OpaquePointer?) -> Bool { s != nil && s == surface }

    // MARK: wl_pointer (coordinates are wl_fixed_t)

    func pointerEnter(surface s: OpaquePointer?, x: Int32, y: Int32) {
        guard isOurs(s) else { pointerOnSurface = false; return }
        pointerOnSurface = true
        pointer = canvas(x, y)
        queue(.pointerEntered(pointer))
    }

    func pointerLeave(surface s: OpaquePointer?) {
        guard pointerOnSurface else { return }
        pointerOnSurface = false
        queue(.pointerLeft)
    }

    func pointerMotion(x: Int32, y: Int32) {
        guard pointerOnSurface else { return }
        pointer = canvas(x, y)
        queue(.pointerMoved(pointer))
    }

    func pointerButton(button: UInt32, state: UInt32) {
        guard pointerOnSurface else { return }
        queue(.pointerButton(button: button, pressed: state == 1, at: pointer))
    }

    /// `axis` 0 is vertical, 1 horizontal.
    func pointerAxis(axis: UInt32, value: Int32) {
        guard pointerOnSurface, axis <= 1 else { return }
        let d = canvas(value, value).x
        queue(.scroll(dx: axis == 1 ? d : 0, dy: axis == 0 ? d : 0, at: pointer))
    }

    // MARK: wl_touch

    func touchDown(surface s: OpaquePointer?, id: Int32, x: Int32, y: Int32) {
        guard isOurs(s) else { return }
        if touches[id] != nil { queue(.touchCancelled(id: id)) }
        let p = canvas(x, y)
        touches[id] = p
        queue(.touchBegan(id: id, at: p))
    }

    func touchMotion(id: Int32, x: Int32, y: Int32) {
        guard touches[id] != nil else { return }
        let p = canvas(x, y)
        touches[id] = p
        queue(.touchMoved(id: id, to: p))
    }

    func touchUp(id: Int32) {
        guard touches.removeValue(forKey: id) != nil else { return }
        queue(.touchEnded(id: id))
    }

    func touchCancel() {
        for id in touches.keys.sorted() { queue(.touchCancelled(id: id)) }
        touches.removeAll()
    }

    // MARK: wl_keyboard

    /// Compiles the keymap the compositor shares (`format` 1: XKB v1 text); closes `fd`.
    func keyboardKeymap(format: UInt32, fd: Int32, size: UInt32) {
        defer { close(fd) }
        dropKeymap()
        guard format == 1, size > 0,
              let map = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else {
            return warnKeymap("the compositor sent a keymap that is not an XKB v1 text Lamina can map")
        }
        defer { munmap(map, Int(size)) }
        if xkbContext == nil { xkbContext = xkb_context_new(XKB_CONTEXT_NO_FLAGS) }
        let text = map.assumingMemoryBound(to: CChar.self)
        let length = strnlen(text, Int(size))
        guard let xkbContext,
              let compiled = xkb_keymap_new_from_buffer(xkbContext, text, length, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS),
              let state = xkb_state_new(compiled) else {
            return warnKeymap("the compositor's keymap did not compile")
        }
        keymap = compiled
        xkbState = state
    }

    private func warnKeymap(_ why: String) {
        if !keymapWarned { warn("lamina: \(why); keyboard input is ignored") }
        keymapWarned = true
    }

    private func dropKeymap() {
        if let xkbState { xkb_state_unref(xkbState) }
        if let keymap { xkb_keymap_unref(keymap) }
        xkbState = nil
        keymap = nil
    }

    func keyboardEnter(surface s: OpaquePointer?) { keyboardFocused = isOurs(s) }

    func keyboardLeave() { keyboardFocused = false }

    func keyboardModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        guard let xkbState else { return }
        xkb_state_update_mask(xkbState, depressed, latched, locked, 0, 0, group)
    }

    /// `key` is the evdev code (XKB's keycode minus 8); `state` 1 pressed, 0 released.
    func keyboardKey(key: UInt32, state: UInt32) {
        guard keyboardFocused, let xkbState else { return }
        let code = key &+ 8
        let sym = xkb_state_key_get_one_sym(xkbState, code)
        let pressed = state == 1
        var text = ""
        if pressed {
            var buffer = [CChar](repeating: 0, count: 64)
            let n = xkb_state_key_get_utf8(xkbState, code, &buffer, buffer.count)
            if n > 0 && n < buffer.count {
                text = String(decoding: buffer[0..<Int(n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        queue(.key(keysym: sym, text: text, pressed: pressed, modifiers: modifiers(xkbState)))
    }

    private func modifiers(_ state: OpaquePointer) -> KeyModifiers {
        var m = KeyModifiers()
        let names: [(String, KeyModifiers)] = [("Shift", .shift), ("Control", .control), ("Mod1", .alt), ("Mod4", .logo), ("Lock", .capsLock)]
        for (name, flag) in names where xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) > 0 {
            m.insert(flag)
        }
        return m
    }
}
