#if Server
import ArgumentParser
import Foundation
import Lamina
import LaminaCPU
import LaminaGLES
import LaminaPNG
import LaminaServer
import Logging

/// `lamina serve`: the HTTP render service.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve renders over HTTP: POST /render (scene JSON in, PNG/WebP/JPEG/RGBA out), GET /healthz, GET /readyz, GET /metrics.",
        discussion: """
            POST /render takes a scene document (SCENE_FORMAT.md) as the body, with images as data: URIs or as names \
            of PNG files inside --assets, and answers the image. Query options: ?scale=S (pixels per point), \
            ?backend=gpu|cpu, ?format=png|webp|jpeg|rgba (else the Accept header chooses among image/png, image/webp, \
            image/jpeg and application/octet-stream; PNG by default), ?quality=0-100 (WebP, JPEG) and ?lossless=true (WebP). \
            Every image answer carries an ETag (a hash of the scene, its image files, the backend and the output options); \
            If-None-Match with it is answered 304 without rendering, and --cache-bytes keeps encoded answers in memory. \
            Errors are JSON {"error": "...", "path": "root.sublayers[2]..."}: 400 malformed scene or \
            malformed HTTP body or an unknown format or a quality outside 0-100, 406 an Accept header that allows no \
            format Lamina writes, 413 body over --max-body, 422 scene past a limit, 503 queue full, bodies over \
            --max-buffered-bodies (both with Retry-After) or shutting down, 504 render past --budget-ms (the render is \
            cancelled). GET /healthz answers 200 while the process serves (liveness, never queued); GET /readyz answers \
            200, or 503 while the queue is full (readiness). Connections that do not complete a request head within \
            --header-timeout, or read nothing for --idle-timeout, are closed. SIGTERM or SIGINT stop accepting, answer \
            every accepted request, then exit.

              lamina serve --port 8080 &
              curl -sf --data-binary @Examples/listing-4.1-corner-radius.json -o out.png 'http://127.0.0.1:8080/render?scale=2'
            """)

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "TCP port (0 picks a free one; the chosen port is printed).")
    var port = 8080

    @Option(help: "Default backend: auto (default: gpu when EGL reports a hardware renderer, cpu when a software one such as llvmpipe; the startup line says which), gpu (OpenGL ES 3 over EGL) or cpu.")
    var backend: ServeBackend = .auto

    @Option(help: "Renderer threads, each with its own backend, GL context and caches.")
    var workers = min(4, max(1, ProcessInfo.processInfo.activeProcessorCount))

    @Option(help: "PNG compression of the answers: fast (libdeflate, a few percent larger, about five times faster) or standard (libpng's zlib level 6, the bytes `lamina render` writes by default; same pixels).")
    var png: PNGCompression = .fast

    @Option(name: .customLong("cache-bytes"), help: "Bytes of encoded answers kept in memory by ETag, least recently used dropped first (0: no cache).")
    var cacheBytes = 0

    @Option(help: "Folder that image names in posted scenes resolve in (confined to it). Without it only data: URIs are accepted.")
    var assets: String?

    @Option(help: "Renders that may wait for a worker; more are answered 503.")
    var queue = 64

    @Option(name: .customLong("max-body"), help: "Largest request body in bytes.")
    var maxBody = Limits.maxDocumentBytes

    @Option(name: .customLong("max-buffered-bodies"), help: "Bytes of request bodies held at once over all connections; more are answered 503 (default: 4 × --max-body).")
    var maxBufferedBodies: Int?

    @Option(name: .customLong("header-timeout"), help: "Seconds a connection has to send a complete request head (from its opening or its previous answer); 0: no limit.")
    var headerTimeout = 10.0

    @Option(name: .customLong("idle-timeout"), help: "Seconds a connection may read nothing, between requests or inside one, before it is closed; 0: no limit.")
    var idleTimeout = 60.0

    @Option(name: .customLong("budget-ms"), help: "Time budget of one render in milliseconds, queueing included.")
    var budgetMs = 30_000

    @OptionGroup var memory: MemoryLimitOption

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0...65535, got \(port)") }
        guard workers >= 1 && workers <= 64 else { throw ValidationError("--workers must be 1...64, got \(workers)") }
        guard cacheBytes >= 0 else { throw ValidationError("--cache-bytes must be ≥ 0, got \(cacheBytes)") }
        guard queue >= 0 else { throw ValidationError("--queue must be ≥ 0, got \(queue)") }
        guard (1...Limits.maxDocumentBytes).contains(maxBody) else {
            throw ValidationError("--max-body must be 1...\(Limits.maxDocumentBytes) bytes (scene documents are at most 64 MiB), got \(maxBody)")
        }
        if let maxBufferedBodies, maxBufferedBodies < maxBody {
            throw ValidationError("--max-buffered-bodies must be at least --max-body (\(maxBody)), got \(maxBufferedBodies); a body of --max-body bytes could never be held")
        }
        try Self.checkSeconds(headerTimeout, option: "--header-timeout")
        try Self.checkSeconds(idleTimeout, option: "--idle-timeout")
        guard (1...Self.maxSeconds * 1000).contains(budgetMs) else {
            throw ValidationError("--budget-ms must be 1...\(Self.maxSeconds * 1000) (one day), got \(budgetMs)")
        }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level: unknown level \"\(logLevel)\"") }
    }

    /// The longest time limit an option takes: one day.
    static let maxSeconds = 86_400

    private static func checkSeconds(_ value: Double, option: String) throws {
        guard value >= 0, value <= Double(maxSeconds) else {
            throw ValidationError("\(option) must be 0...\(maxSeconds) seconds (0: no limit), got \(value)")
        }
    }

    func run() async throws {
        if let assets {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: assets, isDirectory: &isFolder), isFolder.boolValue else {
                FailureReporting.fail("--assets \(assets): not a folder", code: FailureKind.badInput.exitCode)
            }
        }
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let auto = backend == .auto ? AutoBackend.decide() : nil
        let chosen = auto?.name ?? backend.rawValue
        let server = RenderServer(configuration: makeConfiguration(backend: chosen), logger: Logger(label: "lamina.serve"))
        let (host, workers) = (host, workers)
        let why = auto.map { ", auto: \($0.reason)" } ?? ""
        do {
            try await server.run { port in
                let line = "lamina serve: listening on http://\(host):\(port) (backend \(chosen)\(why); \(workers) workers)\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            }
        } catch let e as any LaminaFailure {
            FailureReporting.fail(e.description, code: e.kind.exitCode)
        } catch {
            FailureReporting.fail("cannot serve on \(host):\(port): \(error)", code: FailureKind.environment.exitCode)
        }
    }

    private func makeConfiguration(backend: String) -> RenderServiceConfiguration {
        var c = RenderServiceConfiguration { name in
            name == "gpu" ? try GLESBackend(options: .fromEnvironment) as any RenderBackend : CPUBackend.fromEnvironment()
        }
        c.host = host
        c.port = port
        c.defaultBackend = backend
        c.workers = workers
        c.queueCapacity = queue
        c.assetsDirectory = assets
        c.pngCompression = png
        c.answerCacheBytes = cacheBytes
        c.maxBodyBytes = maxBody
        c.maxBufferedBodyBytes = maxBufferedBodies ?? RenderServiceConfiguration.defaultBufferedBodyBytes(maxBody: maxBody)
        c.headerTimeout = headerTimeout > 0 ? .milliseconds(Int64(headerTimeout * 1000)) : nil
        c.idleTimeout = idleTimeout > 0 ? .milliseconds(Int64(idleTimeout * 1000)) : nil
        c.renderBudget = Duration.milliseconds(budgetMs)
        c.memoryBudget = memory.memoryLimit.flatMap(MemoryBudget.parse)
            ?? MemoryBudget(bytes: MemoryBudget.availableMemory() / (2 * workers))
        return c
    }
}

/// The backends a service renders with.
enum ServeBackend: String, ExpressibleByArgument, CaseIterable {
    case auto, gpu, cpu
}
#endif
