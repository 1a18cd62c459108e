import Foundation
import CWaylandProtocols
import Glibc
import Lamina
@testable import LaminaWayland
import Testing

/// The presenter's seat code fed synthetic listener calls in process (no compositor here can inject touch):
/// touch sequences with several ids, a reused id, events for another or a destroyed surface, and keymaps.
@Suite("Seat input (synthetic listener calls)")
struct SeatInputTests {
    nonisolated(unsafe) static let ours = OpaquePointer(bitPattern: 0x1000)!
    nonisolated(unsafe) static let other = OpaquePointer(bitPattern: 0x2000)!

    static func fixed(_ v: Double) -> Int32 { Int32(v * 256) }

    @Test("two touches begin, move and end with their ids, in canvas points, in order")
    func touches() {
        let seat = SeatInput(surface: Self.ours)
        seat.canvasScale = 2
        seat.touchDown(surface: Self.ours, id: 1, x: Self.fixed(20), y: Self.fixed(40))
        seat.touchDown(surface: Self.ours, id: 2, x: Self.fixed(100), y: Self.fixed(10))
        seat.touchMotion(id: 1, x: Self.fixed(30), y: Self.fixed(50))
        seat.touchMotion(id: 2, x: Self.fixed(90), y: Self.fixed(12))
        seat.touchUp(id: 2)
        seat.touchUp(id: 1)
        #expect(seat.takeEvents() == [
            .touchBegan(id: 1, at: Point(10, 20)), .touchBegan(id: 2, at: Point(50, 5)),
            .touchMoved(id: 1, to: Point(15, 25)), .touchMoved(id: 2, to: Point(45, 6)),
            .touchEnded(id: 2), .touchEnded(id: 1),
        ])
        #expect(seat.takeEvents().isEmpty)
    }

    @Test("a down with an id still down cancels the old touch first; cancel ends every touch; unknown ids are ignored")
    func reusedIdsAndCancel() {
        let seat = SeatInput(surface: Self.ours)
        seat.touchDown(surface: Self.ours, id: 7, x: 0, y: 0)
        seat.touchDown(surface: Self.ours, id: 7, x: Self.fixed(5), y: Self.fixed(6))
        seat.touchDown(surface: Self.ours, id: 3, x: 0, y: 0)
        seat.touchMotion(id: 9, x: 0, y: 0)
        seat.touchUp(id: 9)
        seat.touchCancel()
        seat.touchUp(id: 7)
        #expect(seat.takeEvents() == [
            .touchBegan(id: 7, at: .zero), .touchCancelled(id: 7), .touchBegan(id: 7, at: Point(5, 6)),
            .touchBegan(id: 3, at: .zero), .touchCancelled(id: 3), .touchCancelled(id: 7),
        ])
    }

    @Test("events for another surface or a destroyed one (no surface) are ignored")
    func foreignSurfaces() {
        let seat = SeatInput(surface: Self.ours)
        seat.pointerEnter(surface: nil, x: 0, y: 0)
        seat.pointerMotion(x: Self.fixed(3), y: Self.fixed(3))
        seat.pointerButton(button: 0x110, state: 1)
        seat.pointerEnter(surface: Self.other, x: 0, y: 0)
        seat.pointerAxis(axis: 0, value: Self.fixed(10))
        seat.touchDown(surface: nil, id: 1, x: 0, y: 0)
        seat.touchDown(surface: Self.other, id: 2, x: 0, y: 0)
        seat.touchMotion(id: 1, x: 0, y: 0)
        seat.touchUp(id: 2)
        seat.keyboardEnter(surface: nil)
        seat.keyboardKey(key: 30, state: 1)
        #expect(seat.takeEvents().isEmpty)
        seat.pointerEnter(surface: Self.ours, x: Self.fixed(1.5), y: Self.fixed(2))
        seat.pointerAxis(axis: 1, value: Self.fixed(-4))
        seat.pointerLeave(surface: Self.ours)
        seat.pointerMotion(x: 0, y: 0)
        #expect(seat.takeEvents() == [.pointerEntered(Point(1.5, 2)), .scroll(dx: -4, dy: 0, at: Point(1.5, 2)), .pointerLeft])
    }

    static func keymapFile(_ text: String) -> (fd: Int32, size: UInt32) {
        let bytes = Array(text.utf8) + [0]
        let fd = lamina_test_memfd(bytes)
        return (fd, UInt32(bytes.count))
    }

    @Test("a keymap that does not compile turns the keyboard off with one warning line; a good one turns it back on")
    func badKeymap() {
        let seat = SeatInput(surface: Self.ours)
        var warnings: [String] = []
        seat.warn = { warnings.append($0) }
        for _ in 0..<2 {
            let bad = Self.keymapFile("xkb_keymap { this is not a keymap")
            seat.keyboardKeymap(format: 1, fd: bad.fd, size: bad.size)
        }
        seat.keyboardEnter(surface: Self.ours)
        seat.keyboardKey(key: 30, state: 1)
        #expect(seat.takeEvents().isEmpty)
        #expect(warnings == ["lamina: the compositor's keymap did not compile; keyboard input is ignored"])
        let good = Self.keymapFile("xkb_keymap { xkb_keycodes { include \"evdev\" }; xkb_types { include \"complete\" }; xkb_compat { include \"complete\" }; xkb_symbols { include \"pc+us\" }; };")
        seat.keyboardKeymap(format: 1, fd: good.fd, size: good.size)
        seat.keyboardModifiers(depressed: 1, latched: 0, locked: 0, group: 0)
        seat.keyboardKey(key: 30, state: 1)
        #expect(seat.takeEvents() == [.key(keysym: 0x41, text: "A", pressed: true, modifiers: .shift)])
        #expect(warnings.count == 1)
    }

    @Test("events nobody takes are kept up to the limit, the oldest dropped")
    func queueLimit() {
        let seat = SeatInput(surface: Self.ours)
        seat.pointerEnter(surface: Self.ours, x: 0, y: 0)
        for i in 0..<(SeatInput.queueLimit + 10) { seat.pointerMotion(x: Int32(i) * 256, y: 0) }
        let events = seat.takeEvents()
        #expect(events.count == SeatInput.queueLimit)
        #expect(events.last == .pointerMoved(Point(Double(SeatInput.queueLimit + 9), 0)))
        #expect(events.first == .pointerMoved(Point(10, 0)), "the entry and the first 10 motions are dropped")
    }
}

/// A memory file holding `bytes`, as a compositor shares a keymap.
func lamina_test_memfd(_ bytes: [UInt8]) -> Int32 {
    let fd = lamina_anonymous_file(bytes.count)
    _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    return fd
}
