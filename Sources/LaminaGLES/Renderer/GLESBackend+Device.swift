import Lamina

/// The device's resources under the names the drawing code uses.
extension GLESBackend {
    /// The platform, driver and limits in use.
    public var info: GLESInfo { device.info }
    /// Where the shaders came from.
    public var shaderOrigin: String { device.shaderOrigin }

    var connection: EGLDisplayConnection { device.connection }
    var objects: GLObjects { device.objects }
    var programs: DrawPrograms { device.programs }
    var instanceStream: InstanceStream { device.instanceStream }
    var pool: RenderTargetPool { device.pool }
    var releases: DeferredReleases { device.releases }
    var imageTextures: ImageTextureCache { device.imageTextures }
    var rasterCache: LRUCache<Int, RenderTarget> { device.rasterCache }
    var shadowTables: ShadowTableCache { device.shadowTables }
    var blurFormat: RenderTargetFormat { device.blurFormat }
    var canvas: RenderTarget? { device.canvas }
    var atlasPages: [RenderTarget] {
        get { device.atlasPages }
        set { device.atlasPages = newValue }
    }
    var frame: Int {
        get { device.frame }
        set { device.frame = newValue }
    }

    func flushReleases() { device.flushReleases() }

    /// False: the backend finds the texels of an offscreen that its visible composite samples itself
    /// (`OffscreenTexels`, from the visibility of the canvas), and on llvmpipe scissoring the draws inside
    /// offscreens to the damage cost more than it saved (`lamina bench` on the animated scenes, interleaved;
    /// docs/benchmarks.md).
    public var drawsOffscreensInPart: Bool { false }
}
