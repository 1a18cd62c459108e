import Lamina
import LaminaPNG

/// libFuzzer target: bytes → `PNGDecoder.decode`. Errors are expected; a crash, hang or runaway
/// allocation is a finding. When a file decodes, its bitmap is checked for the size it claims.
/// Built by tools/fuzz.
@_cdecl("LLVMFuzzerTestOneInput")
public func laminaFuzzPNGDecode(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let bitmap = try? PNGDecoder.decode(bytes, source: "fuzz.png") else { return 0 }
    precondition(bitmap.width > 0 && bitmap.height > 0 && bitmap.pixels.count == bitmap.width * bitmap.height * 4)
    for i in stride(from: 0, to: bitmap.pixels.count, by: 4) {
        let a = bitmap.pixels[i + 3]
        precondition(bitmap.pixels[i] <= a && bitmap.pixels[i + 1] <= a && bitmap.pixels[i + 2] <= a,
                     "premultiplied color above alpha")
    }
    return 0
}
