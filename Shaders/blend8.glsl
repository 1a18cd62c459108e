// The RGBA8 blender's premultiplied source-over, in exact float arithmetic, for draws that read their destination
// (LAMINA_DESTINATION_FETCH) and store several parts one after the other as separate draws would: the
// source rounded to 8 bits, then min(255, s + d ⊗ (255 − s.a)) with the unorm8 product
// x ⊗ y = (t + (t >> 8) + 128) >> 8, t = x·y (Mesa llvmpipe's blender; the CPU path's Blend).
/// One store of `top` (premultiplied, 0…1) over the 8-bit pixel `d` (integers 0…255 held as floats).
/// Every intermediate is an integer or a multiple of 1/256 below 2¹⁷, so the float operations are exact.
vec4 blend8(vec4 top, vec4 d) {
    vec4 s = roundEven(clamp(top, 0.0, 1.0) * 255.0);
    vec4 t = d * (255.0 - s.a);
    vec4 q = floor(t * (1.0 / 256.0));
    return min(s + floor((t + q + 128.0) * (1.0 / 256.0)), vec4(255.0));
}

/// The 8-bit pixel behind a color read from an RGBA8 target (0…1), as integers held as floats.
vec4 stored8(vec4 c) {
    return roundEven(clamp(c, 0.0, 1.0) * 255.0);
}
