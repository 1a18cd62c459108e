import Foundation
import Lamina
import LaminaPNG

/// The one format decoded, from `LAMINA_FUZZ_IMAGE_FORMAT`; nil decodes every input.
let onlyFormat: ImageSourceFormat? = ProcessInfo.processInfo.environment["LAMINA_FUZZ_IMAGE_FORMAT"].flatMap { name in
    ImageSourceFormat.allCases.first { $0.rawValue.lowercased() == name.lowercased() }
}

/// libFuzzer target: bytes → the header check a scene makes (`ImageHeader`, the side limit and a 64 MiB
/// budget on what decoding holds) → `ImageSourceDecoder.decode`, which picks the JPEG, WebP or PNG decoder
/// by the bytes. Errors are expected; a crash, hang or runaway allocation is a finding, and so is a
/// decoded bitmap whose size differs from its header's or whose colors exceed their alpha.
/// Bytes that are no format's, or whose header cannot be read, still go to the decoder (which must refuse them).
/// With `LAMINA_FUZZ_IMAGE_FORMAT=jpeg` (or `webp`, `png`) only inputs of that format are decoded, so a
/// run spends its time on one decoder. Built by tools/fuzz.
@_cdecl("LLVMFuzzerTestOneInput")
public func laminaFuzzImageDecode(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let only = onlyFormat, ImageSourceFormat(signatureOf: bytes) != only { return 0 }
    let header = ImageHeader(bytes)
    if let header, !header.isWithinLimits || header.decodingBytes > 64 << 20 { return 0 }
    guard let bitmap = try? ImageSourceDecoder.decode(bytes, source: "fuzz") else { return 0 }
    guard let header else { preconditionFailure("decoded bytes whose header cannot be read") }
    precondition(bitmap.width == header.width && bitmap.height == header.height, "the bitmap's size differs from the header's")
    precondition(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
    for i in stride(from: 0, to: bitmap.pixels.count, by: 4) {
        let a = bitmap.pixels[i + 3]
        precondition(bitmap.pixels[i] <= a && bitmap.pixels[i + 1] <= a && bitmap.pixels[i + 2] <= a,
                     "premultiplied color above alpha")
    }
    return 0
}
