import CWaylandClient
import CWaylandProtocols
import Glibc
import Lamina

/// One `wl_buffer` in its own `wl_shm` pool: ARGB8888 (premultiplied, B G R A bytes in memory), mapped
/// into this process. The compositor reads it between `present` and its `release` event.
final class ShmBuffer: PresenterBuffer {
    let width: Int
    let height: Int
    private(set) var proxy: OpaquePointer
    private let memory: UnsafeMutablePointer<UInt8>
    private let bytes: Int
    /// True from attach until the compositor releases it.
    var busy = false
    /// The presenter's frame number this buffer last showed (0 = never).
    var lastFrame = 0
    /// The presenter's current frame number, to compute the age.
    var currentFrame: () -> Int = { 0 }

    var age: Int { lastFrame == 0 ? 0 : currentFrame() - lastFrame + 1 }

    init(shm: OpaquePointer, width: Int, height: Int) throws {
        self.width = width
        self.height = height
        bytes = width * height * 4
        let fd = lamina_anonymous_file(bytes)
        guard fd >= 0 else { throw WaylandError.sharedMemory(reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        guard let map = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED else {
            throw WaylandError.sharedMemory(reason: "mmap of \(bytes) bytes: \(String(cString: strerror(errno)))")
        }
        memory = map.assumingMemoryBound(to: UInt8.self)
        let pool = wl_shm_create_pool(shm, fd, Int32(bytes))
        proxy = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(width * 4),
                                          WL_SHM_FORMAT_ARGB8888.rawValue)
        wl_shm_pool_destroy(pool)
    }

    func write(_ source: SourceFrame, rects: [PixelRect]) throws {
        guard let frame = source.bitmap else {
            throw RenderError(.internal, "a wl_shm buffer needs the frame's pixels; the frame was not read back")
        }
        precondition(frame.width == width && frame.height == height, "frame size differs from the buffer's")
        frame.pixels.withUnsafeBufferPointer { src in
            for r in rects {
                guard let r = r.clamped(width: width, height: height) else { continue }
                for y in r.y..<r.y + r.height {
                    var i = (y * width + r.x) * 4
                    let end = i + r.width * 4
                    while i < end {
                        memory[i] = src[i + 2]
                        memory[i + 1] = src[i + 1]
                        memory[i + 2] = src[i]
                        memory[i + 3] = src[i + 3]
                        i += 4
                    }
                }
            }
        }
    }

    /// Destroys the `wl_buffer` and unmaps the memory.
    func destroy() {
        wl_buffer_destroy(proxy)
        munmap(memory, bytes)
    }
}
