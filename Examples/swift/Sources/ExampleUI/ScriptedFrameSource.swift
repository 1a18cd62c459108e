import Lamina
import LaminaWayland

/// Plays `ScriptedSession` on screen: wraps the demo's frame source and, at frame slots, hands the demo the
/// events of the script's next step before drawing — once the step before has had its frames, or sooner when
/// the demo came to rest (so the display is asked for a frame on every refresh from the first step to the last
/// and never waits on an idle script) — so a compositor presents the session at its own pace
/// (`lamina-example-ui --script`).
public final class ScriptedFrameSource: FrameSource {
    let inner: any FrameSource
    let demo: InteractiveListDemo
    let steps: [ScriptedSession.Step]
    private var next = 0
    private var left = 0
    /// Frame slots drawn so far.
    public private(set) var frames = 0

    public init(wrapping inner: any FrameSource, demo: InteractiveListDemo, steps: [ScriptedSession.Step] = ScriptedSession.steps) {
        self.inner = inner
        self.demo = demo
        self.steps = steps
    }

    /// Every step was played and the demo came to rest.
    public var isFinished: Bool { next >= steps.count && !inner.isAnimating }

    public var isAnimating: Bool { next < steps.count || inner.isAnimating }

    public func frame(at time: Double, width: Int, height: Int, scale: Int) throws -> SourceFrame {
        if next < steps.count && (left <= 0 || !inner.isAnimating) {
            for e in steps[next].events { demo.handle(e) }
            left = steps[next].frames
            next += 1
        }
        left -= 1
        frames += 1
        return try inner.frame(at: time, width: width, height: height, scale: scale)
    }
}
