import Lamina
import LaminaPNG

/// Everything `lamina serve` is started with.
public struct RenderServiceConfiguration: Sendable {
    /// Makes a backend by name ("gpu" or "cpu"). Called on a worker's own thread, once per worker and
    /// backend, so a GL context is created on the thread that will use it.
    public typealias BackendFactory = @Sendable (String) throws -> any RenderBackend

    /// Address to listen on; loopback by default.
    public var host = "127.0.0.1"
    /// TCP port; 0 picks a free one (reported through `RenderServer.onListening`).
    public var port = 8080
    /// The backend used when a request does not name one.
    public var defaultBackend = "gpu"
    /// Backends a request may ask for with `?backend=`.
    public var availableBackends = ["gpu", "cpu"]
    /// Renderer threads; each owns its backends (and so its GL context and caches).
    public var workers = 2
    /// Accepted renders waiting for a worker before new ones are answered 503.
    public var queueCapacity = 64
    /// Folder that image names in scenes resolve in (confined to it); nil allows data URIs only.
    public var assetsDirectory: String?
    /// How the answers' PNGs are compressed.
    public var pngCompression = PNGCompression.fast
    /// Bytes of encoded answers kept in memory by ETag (least recently used first out); 0 keeps none.
    public var answerCacheBytes = 0
    /// Finished frames that may wait for or be in encoding at once; a worker with a frame beyond that
    /// waits before it renders the next (default: one per worker).
    public var encodeSlots: Int?
    /// Largest request body in bytes (413 above it).
    public var maxBodyBytes = Limits.maxDocumentBytes
    /// Bytes of request bodies held at once over all connections, from the first byte read until the
    /// answer; a body that would pass it is answered 503 with Retry-After. Default: four largest bodies.
    public var maxBufferedBodyBytes = defaultBufferedBodyBytes(maxBody: Limits.maxDocumentBytes)
    /// Bytes of image answers ready and not yet handed to their connections, over all connections; an answer
    /// that would pass it is answered 503 with Retry-After. Default: an eighth of the memory this process may
    /// use, at least 64 MiB.
    public var maxAnswerBytesInFlight = max(64 << 20, MemoryBudget.availableMemory() / 8)
    /// Time a connection has to send a complete request head, counted from its opening or from the end of
    /// its previous answer; past it the connection is closed. Nil: no limit.
    public var headerTimeout: Duration? = .seconds(10)
    /// Time a connection may read nothing (between requests or inside one) before it is closed; a
    /// connection waiting for its render is never idle. Nil: no limit.
    public var idleTimeout: Duration? = .seconds(60)
    /// Time budget of one render, from acceptance to the finished PNG (504 past it).
    public var renderBudget: Duration = .seconds(30)
    /// What one render may use (decoded images, path masks, offscreens, canvas); a scene past it is
    /// answered 422. Default: half of the memory this process may use, split among the workers.
    public var memoryBudget = MemoryBudget(bytes: MemoryBudget.availableMemory() / 4)
    /// Seconds sent in `Retry-After` with a 503.
    public var retryAfterSeconds = 1
    /// Makes the backends.
    public var makeBackend: BackendFactory

    public init(makeBackend: @escaping BackendFactory) {
        self.makeBackend = makeBackend
    }

    /// The default `maxBufferedBodyBytes` for bodies of at most `maxBody` bytes: four of them, saturating at
    /// `Int.max` instead of wrapping (a wrapped budget of 0 would answer every render 503).
    public static func defaultBufferedBodyBytes(maxBody: Int) -> Int {
        let (bytes, overflow) = max(0, maxBody).multipliedReportingOverflow(by: 4)
        return overflow ? Int.max : bytes
    }
}
