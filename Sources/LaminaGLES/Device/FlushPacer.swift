import CGLES3

/// Keeps the commands the driver holds unrasterized within bounds. llvmpipe bins every draw of a flush
/// per tile and rasterizes the bins on its threads while the caller goes on; when the caller records
/// faster than the threads rasterize, flushed scenes queue up, each holding its binned draws, and at
/// 3840 × 2160 that queue was most of the process's memory. The pacer flushes every `interval`
/// commands behind a fence and waits for the fence of `maximumInFlight` flushes ago, so at most that
/// many flushes are queued while the rasterizer still always has the next one ready.
struct FlushPacer {
    let interval: Int
    let maximumInFlight: Int
    private var fences: [GLsync] = []
    private var sinceFlush = 0

    init(interval: Int, maximumInFlight: Int) {
        self.interval = interval
        self.maximumInFlight = maximumInFlight
    }

    /// Counts `count` commands (several when one draw did the work of several); flushes (and waits on an
    /// older flush) every `interval` commands.
    mutating func commandIssued(count: Int = 1) {
        sinceFlush += count
        guard sinceFlush >= interval else { return }
        sinceFlush = 0
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
