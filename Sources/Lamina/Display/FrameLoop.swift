#if canImport(Glibc)
import Glibc
#endif
/// Runs frames from a `FrameSource` on a `Presenter`: draws only when the display wants a frame (never
/// faster than it shows them), redraws only damage (repairing each reused buffer by its age), and keeps
/// `PresentationStatistics`.
public final class FrameLoop {
    public let presenter: any Presenter
    public let source: any FrameSource
    public private(set) var statistics = PresentationStatistics()
    private var history = DamageHistory()
    private var size: (width: Int, height: Int)?
    private var start: Double?

    public init(presenter: any Presenter, source: any FrameSource) {
        self.presenter = presenter
        self.source = source
    }

    /// How a run ended.
    public enum Ending: Sendable, Equatable {
        /// The window was closed (the compositor asked the app to quit).
        case closed
        /// `frames` frames were presented, or a still scene was shown and nothing is left to draw.
        case done
    }

    /// Runs until the window is closed or, with `frames`, until that many frames were presented (a source
    /// that stopped animating ends once its last frame was presented). Display failures are thrown.
    /// - Parameters:
    ///   - frames: how many presented frames to run for; nil runs until the window closes.
    ///   - onFrame: called after each submitted frame with its damage (for tests and tools).
    @discardableResult
    public func run(frames: Int? = nil, onFrame: ((SourceFrame) -> Void)? = nil) throws -> Ending {
        while true {
            collectPresentations()
            if let frames, finished(frames) { return .done }
            let wantsFrame = source.isAnimating || size == nil
            guard let slot = try presenter.waitForFrame(wantsFrame: wantsFrame) else { return .closed }
            let resized = size.map { $0.width != slot.width || $0.height != slot.height } ?? true
            if resized {
                history.removeAll()
                size = (slot.width, slot.height)
            }
            if !resized && !wantsFrame && !source.isAnimating { continue }
            let t0 = start ?? slot.time
            start = t0
            let frame = try source.frame(at: slot.time - t0, width: slot.width, height: slot.height, scale: slot.scale)
            guard !frame.damage.isEmpty else {
                Self.nap()
                continue
            }
            let buffer = try presenter.acquireBuffer()
            history.append(DamageRegion(boxes: frame.damage.map(\.rect), width: slot.width, height: slot.height))
            let repair = history.damage(forBufferAge: buffer.age)?.rects
                ?? [PixelRect(x: 0, y: 0, width: slot.width, height: slot.height)]
            try buffer.write(frame, rects: repair)
            try presenter.present(buffer, damage: frame.damage)
            statistics.recordSubmitted(damagedFraction: frame.damagedFraction)
            if let input = slot.input { statistics.recordInput(input, committedAt: MonotonicClock.seconds()) }
            onFrame?(frame)
        }
    }

    /// A source that changed nothing in a frame slot it asked for gets the slot again at once; half a
    /// 60 Hz refresh of sleep keeps that from spinning while nothing moves.
    private static func nap() {
        var t = timespec(tv_sec: 0, tv_nsec: 8_000_000)
        nanosleep(&t, nil)
    }

    private func finished(_ frames: Int) -> Bool {
        if statistics.presented >= frames { return true }
        let settled = statistics.presented + statistics.discardedCount >= statistics.submitted
        return !source.isAnimating && statistics.submitted > 0 && settled && !presenter.needsRedraw
    }

    private func collectPresentations() {
        for p in presenter.takePresentations() {
            statistics.record(p, animating: source.isAnimating)
        }
    }
}
