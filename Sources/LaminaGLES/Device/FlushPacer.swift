import CGLES3

/// Keeps the commands the driver holds unrasterized within bounds. llvmpipe bins every draw of a flush
/// per tile and rasterizes the bins on its threads while the caller goes on; when the caller records
/// faster than the threads rasterize, flushed scenes queue up, each holding its binned draws, and at
/// 3840 × 2160 that queue was most of the process's memory. The pacer flushes every `interval`
/// commands behind a fence and waits for the fence of `maximumInFlight` flushes ago, so at most that
/// many flushes are queued while the rasterizer still always has the next one ready. Commands whose draws
/// wait in batches hand the driver nothing: a flush then waits until a draw call has been issued
/// (flushing and fencing nothing cost llvmpipe a thread round trip each, 100 a frame on deep-tree).
struct FlushPacer {
    let interval: Int
    let maximumInFlight: Int
    private var fences: [GLsync] = []
    private var sinceFlush = 0
    private var drawCallsAtFlush = 0

    init(interval: Int, maximumInFlight: Int) {
        self.interval = interval
        self.maximumInFlight = maximumInFlight
    }

    /// Counts `count` commands (several when one draw did the work of several); flushes (and waits on an
    /// older flush) every `interval` commands, once `drawCalls` (the driver's draw calls so far) has grown
    /// since the last flush.
    mutating func commandIssued(count: Int = 1, drawCalls: Int) {
        sinceFlush += count
        guard sinceFlush >= interval, drawCalls != drawCallsAtFlush else { return }
        sinceFlush = 0
        drawCallsAtFlush = drawCalls
        if let fence = glFenceSync(GLenum(GL_SYNC_GPU_COMMANDS_COMPLETE), 0) { fences.append(fence) }
        glFlush()
        while fences.count > maximumInFlight {
            let oldest = fences.removeFirst()
            _ = glClientWaitSync(oldest, GLbitfield(GL_SYNC_FLUSH_COMMANDS_BIT), GLuint64.max)
            glDeleteSync(oldest)
        }
    }

    /// Deletes the fences still held (call once the frame's commands are finished).
    mutating func reset() {
        for fence in fences { glDeleteSync(fence) }
        fences.removeAll()
        sinceFlush = 0
    }
}
