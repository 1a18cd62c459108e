import CGLES3

/// GL objects that caches evicted during a frame; they may still be referenced by the frame, so they
/// are released when it ends.
final class DeferredReleases {
    /// Evicted raster-cache targets (returned to the pool).
    var targets: [RenderTarget] = []
    /// Evicted image textures (deleted).
    var textures: [GLuint] = []
    /// Textures evicted since the backend was made (recorded draws that may name one are dropped).
    private(set) var evictions = 0

    /// Queues an evicted texture for deletion.
    func evict(_ texture: GLuint) {
        textures.append(texture)
        evictions += 1
    }
}
