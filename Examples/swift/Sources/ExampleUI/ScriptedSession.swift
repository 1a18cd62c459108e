import Lamina
import LaminaWayland

/// A scripted session of the demo, for `lamina-example-ui --headless` and its tests: each step hands its
/// events to the demo at one frame, then lets `frames` frames pass at 60 a second.
public enum ScriptedSession {
    public struct Step: Sendable {
        public var events: [InputEvent]
        public var frames: Int
    }

    static func press(_ p: Point) -> InputEvent { .pointerButton(button: 0x110, pressed: true, at: p) }
    static func release(_ p: Point) -> InputEvent { .pointerButton(button: 0x110, pressed: false, at: p) }

    /// A pointer moving from `a` to `b` in `count` frames (one move a frame).
    static func stroke(_ a: Point, _ b: Point, frames count: Int) -> [Step] {
        (1...count).map { k in
            let t = Double(k) / Double(count)
            return Step(events: [.pointerMoved(Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t))], frames: 1)
        }
    }

    /// A flick up the list, a pull down past its top after it settles, a card thrown right, and a tap.
    public static let steps: [Step] = {
        var s: [Step] = [Step(events: [press(Point(240, 700))], frames: 1)]
        s += stroke(Point(240, 700), Point(240, 400), frames: 6)
        s += [Step(events: [release(Point(240, 400))], frames: 90)]
        s += [Step(events: [press(Point(240, 300))], frames: 1)]
        s += stroke(Point(240, 300), Point(240, 700), frames: 20)
        s += [Step(events: [release(Point(240, 700))], frames: 90)]
        s += [Step(events: [press(Point(100, 350))], frames: 1)]
        s += stroke(Point(100, 350), Point(220, 360), frames: 4)
        s += [Step(events: [release(Point(220, 360))], frames: 90)]
        s += [Step(events: [press(Point(400, 50))], frames: 6), Step(events: [release(Point(400, 50))], frames: 30)]
        return s
    }()
}
