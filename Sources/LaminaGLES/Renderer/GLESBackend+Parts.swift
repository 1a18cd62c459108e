import Lamina

/// The device's and the builder's parts under the names the backend, its tests and tools use.
extension GLESBackend {
    /// The platform, driver and limits in use.
    public var info: GLESInfo { device.info }
    /// Where the shaders came from.
    public var shaderOrigin: String { device.shaderOrigin }
    /// Whether `execute` keeps every step of its frame (for tests and `lamina frame`; see `lastFrameDescription`).
    public var keepsFrameSteps: Bool {
        get { builder.keepsFrameSteps }
        set { builder.keepsFrameSteps = newValue }
    }
    /// The last frame executed while `keepsFrameSteps` was on, as text: each pass's target, then its clears
    /// and draws (program, quads, texture units, blending) and the flushes between them.
    public var lastFrameDescription: String { builder.lastFrameDescription }

    var connection: EGLDisplayConnection { device.connection }
    var objects: GLObjects { device.objects }
    var programs: DrawPrograms { device.programs }
    var instanceStream: InstanceStream { device.instanceStream }
    var resources: GPUResources { device.resources }
    var canvas: RenderTarget? { device.resources.canvas }
    /// The steps of the last frame executed while `keepsFrameSteps` was on.
    var lastFrameSteps: [GPUStep] { builder.lastFrameSteps }
    /// Combined draws since the counts were last reset (for tests and profiling).
    var counts: DrawCounts {
        get { builder.counts }
        set { builder.counts = newValue }
    }
    var recorded: RecordedDraws { builder.recorded }

    /// False: the backend finds the texels of an offscreen that its visible composite samples itself
    /// (`OffscreenTexels`, from the visibility of the canvas), and on llvmpipe scissoring the draws inside
    /// offscreens to the damage cost more than it saved (`lamina bench` on the animated scenes, interleaved;
    /// docs/benchmarks.md).
    public var drawsOffscreensInPart: Bool { false }
}
