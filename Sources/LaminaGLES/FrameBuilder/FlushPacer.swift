/// Decides when the frame flushes: after every `interval` commands, so that the driver holds few commands
/// unrasterized (`FrameIssuer` fences each flush and keeps few in flight). Commands whose draws wait in
/// batches hand the driver nothing: a flush then waits until a draw call has been made (flushing and
/// fencing nothing cost llvmpipe a thread round trip each, 100 a frame on deep-tree).
struct FlushPacer {
    let interval: Int
    private var sinceFlush = 0
    private var drawCallsAtFlush = 0

    init(interval: Int) {
        self.interval = interval
    }

    /// Counts `count` commands (several when one draw did the work of several); true every `interval`
    /// commands once `drawCalls` (the frame's draw calls so far) has grown since the last flush.
    mutating func commandIssued(count: Int = 1, drawCalls: Int) -> Bool {
        sinceFlush += count
        guard sinceFlush >= interval, drawCalls != drawCallsAtFlush else { return false }
        sinceFlush = 0
        drawCallsAtFlush = drawCalls
        return true
    }
}
