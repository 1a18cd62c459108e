import Lamina

/// The resources (`GPUResources`) under the names the drawing code uses.
extension FrameBuilder {
    var objects: any GPUObjects { resources.objects }
    var pool: RenderTargetPool { resources.pool }
    var releases: DeferredReleases { resources.releases }
    var imageTextures: ImageTextureCache { resources.imageTextures }
    var rasterCache: LRUCache<Int, RenderTarget> { resources.rasterCache }
    var shadowTables: ShadowTableCache { resources.shadowTables }
    var blurFormat: RenderTargetFormat { resources.blurFormat }
    var canvas: RenderTarget? { resources.canvas }
    var atlasPages: [RenderTarget] {
        get { resources.atlasPages }
        set { resources.atlasPages = newValue }
    }
    var frame: Int {
        get { resources.frame }
        set { resources.frame = newValue }
    }

    func flushReleases() { resources.flushReleases() }
}
