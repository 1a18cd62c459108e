import Dispatch
import Foundation

/// Encoding beside rendering: a worker hands its finished bitmap here and takes the next job while the
/// bitmap is encoded on another thread. At most `limit` encodes wait or run at once (each holds a bitmap),
/// so a worker blocks in `submit` when encoding falls behind rather than piling up frames.
final class EncodeStage: @unchecked Sendable {
    private let slots: DispatchSemaphore
    private let group = DispatchGroup()
    private let queue = DispatchQueue(label: "lamina-encode", qos: .userInitiated, attributes: .concurrent)

    init(limit: Int) {
        slots = DispatchSemaphore(value: max(1, limit))
    }

    /// Runs `work` on an encode thread, waiting first for a free slot.
    func submit(_ work: @escaping @Sendable () -> Void) {
        slots.wait()
        group.enter()
        queue.async { [slots, group] in
            work()
            slots.signal()
            group.leave()
        }
    }

    /// Waits until every submitted encode has finished.
    func drain() {
        group.wait()
    }
}
