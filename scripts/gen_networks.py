#!/usr/bin/env python3
"""Writes data/networks.json: the catalog's non-transformer networks as layer records.

Each network is built from its published architecture definition (sources below); every layer is
one record with its per-sample GEMM shape (convolutions lowered to implicit GEMMs: M = H_out*W_out
(*D_out), N = C_out / groups, K = C_in / groups * k^d, `count` = groups or identical copies),
`steps` (sequential repetitions sharing the weights: LSTM time steps, decoder tokens), its
parameters, the input elements a GEMM really reads (a 3x3 convolution reads its input once, not
the 9x im2col matrix), the activation elements it keeps for the backward pass, and the elementwise
/ pooling / embedding elements it moves (memory-bound): `mem_elems` run as separate kernels
(eager training), `fused_elems` with the fusions inference engines make (judgement J: BatchNorm,
activation and the residual add fold into the GEMM epilogue, so the add reads the residual once;
softmax and gates are fused; pooling and gathers are not). Run: python3 scripts/gen_networks.py > data/networks.json
"""
import json
import math

SOURCES = {
    "RESNET": "He et al. 2016, Deep Residual Learning (arXiv 1512.03385) Table 1; v1.5 = stride in the 3x3 conv (NVIDIA DeepLearningExamples ResNet50 v1.5 README)",
    "RESNEXT": "Xie et al. 2017, Aggregated Residual Transformations (arXiv 1611.05431) Table 1 (ResNeXt-50 32x4d)",
    "RETINANET": "Lin et al. 2017, Focal Loss for Dense Object Detection (arXiv 1708.02002) sec. 4; MLPerf Inference retinanet reference (mlcommons/inference vision/classification_and_detection, ResNeXt50-32x4d FPN, 800x800, 264 OpenImages classes)",
    "SSD": "Liu et al. 2016, SSD (arXiv 1512.02325); MLPerf Inference ssd-resnet34 reference at 1200x1200 (mlcommons/inference, ResNet-34 backbone to conv4_x, 6 feature maps 50/25/13/7/3/3)",
    "MLPERF-INF": "Reddi et al. 2020, MLPerf Inference Benchmark (arXiv 1911.02549) Table 1: ResNet-50 v1.5 25.6M params 8.2 GOPs/input at 224; SSD-ResNet34 36.3M params 433 GOPs/input at 1200",
    "UNET3D": "Isensee et al. 2021, nnU-Net (Nature Methods 18:203); MLPerf 3d-unet reference (mlcommons/training image_segmentation/pytorch: filters 32,64,128,256,320,320, 128^3 patches, KiTS19)",
    "KITS19-PATCHES": "patches per KiTS19 volume computed from the NIfTI headers of the 42 MLPerf inference cases (neheller/kits19@456b293 data/case_*/segmentation.nii.gz; case list mlcommons/inference vision/medical_imaging/3d-unet-kits19/meta/inference_cases.json) with that benchmark's preprocess.py (target spacing 1.6/1.2/1.2 mm, pad_to_min_shape, adjust_shape_for_sliding_window, 50 % overlap)",
    "DLRM": "Naumov et al. 2019, DLRM (arXiv 1906.00091); MLPerf DLRM reference on Criteo Terabyte (facebookresearch/dlrm: bottom MLP 13-512-256-128, top MLP 1024-1024-512-256-1, 26 tables of dim 128, rows capped at 40M)",
    "RNNT": "He et al. 2019, Streaming End-to-end Speech Recognition (arXiv 1811.06621); MLPerf rnnt reference (mlcommons/inference speech_recognition/rnnt: 2+3 LSTM encoder of 1024, stack 3 + time reduction 2, 2-layer 320 prediction net, joint 512, 29 symbols)",
    "YOLOV5": "Ultralytics YOLOv5 v6.0 models/yolov5s.yaml (depth 0.33, width 0.50) and README table: YOLOv5s 7.2M params, 16.5 GFLOPs at 640",
    "WHISPER": "Radford et al. 2022, Robust Speech Recognition via Large-Scale Weak Supervision (arXiv 2212.04356) Table 1: large 1550M params, 32+32 layers, width 1280, 20 heads; 30-s windows = 1500 encoder tokens",
    "CLIP": "Radford et al. 2021, CLIP (arXiv 2103.00020) Table 20: ViT-L/14 vision 24 layers width 1024 at 224 (257 tokens), text 12 layers width 768, 77 tokens; 427.6M params (Hugging Face openai/clip-vit-large-patch14)",
    "NV-DLRM": "NVIDIA MLPerf Inference v2.1 DLRM (mlcommons/inference_results_v2.1 closed/NVIDIA/code/dlrm/tensorrt): README.md 'Plugins' (DLRM_INTERACTIONS_TRT: fused embedding lookup and interaction operations) and 'numerical inputs are converted to INT8 NC/4HW4 format'; dlrm.py top_mlp_input_size = (num_interactions + embedding_size) rounded up to output_padding_granularity (default 32), 'C, K for top_mlp: [480,1024], ...'",
    "MLPERF-DLRM-QUERY": "MLPerf Inference DLRM reference: a loadgen sample aggregates 100-700 user-item pairs drawn from the inverse CDF in tools/dist_quantile.txt (20 quantiles 100,100,200 x12,300,300,400,500,600,700: mean 270); retired_benchmarks/recommendation/dlrm/pytorch/python/criteo.py",
    "EAGER-BN": "PyTorch ATen cuda/Normalization.cuh (BatchNorm: statistics, apply; backward: reduce, apply); torchvision ResNet's ReLU(inplace=True), FrozenBatchNorm2d (x * scale + bias)",
    "J": "judgement of this project (not a measured figure): stated in the record's note",
}


class Net:
    def __init__(self, nid, name, family, input_desc, source, published_params=0.0, published_gflops=0.0, note=""):
        self.entry = {"id": nid, "name": name, "family": family, "input": input_desc,
                      "published_params": published_params, "published_gflops": published_gflops,
                      "note": note, "source": source}
        self.layers = []

    def gemm(self, name, m, n, k, count=1, steps=1, params=None, act=None, mem=0.0, fused=0.0, inp=None,
             fused_in=0.0, fused_gather=0.0, eager=(0.0, 0.0)):
        if params is None:
            params = n * k * count
        rec = {"network": self.entry["id"], "name": name, "op": "gemm", "m": m, "n": n, "k": k,
               "count": count, "steps": steps, "params": params,
               "in_elems": m * k * count if inp is None else inp,
               "act_elems": m * n * count * steps if act is None else act, "mem_elems": mem,
               "fused_elems": fused}
        if fused_in or fused_gather:  # an engine kernel that gathers its rows itself (DLRM interactions)
            rec.update(fused_in_elems=fused_in, fused_gather_elems=fused_gather)
        if eager[0] or eager[1]:  # an eager framework's own norm/activation kernels (EAGER-BN)
            rec.update(eager_elems=eager[0], eager_backward_elems=eager[1])
        self.layers.append(rec)

    def memory(self, name, elems, act=0.0, params=0, fused=None, eager=(0.0, 0.0)):
        rec = {"network": self.entry["id"], "name": name, "op": "memory", "m": 0, "n": 0, "k": 0,
               "count": 1, "steps": 1, "params": params, "in_elems": 0, "act_elems": act,
               "mem_elems": elems, "fused_elems": elems if fused is None else fused}
        if eager[0] or eager[1]:
            rec.update(eager_elems=eager[0], eager_backward_elems=eager[1])
        self.layers.append(rec)

    def embedding(self, name, rows, dim, lookups, fused=None):
        """fused: elements an inference engine's own gather moves (0 = a later GEMM gathers the rows)."""
        self.layers.append({"network": self.entry["id"], "name": name, "op": "embedding", "m": 0, "n": 0, "k": 0,
                            "count": 1, "steps": 1, "params": rows * dim, "in_elems": 0, "act_elems": lookups * dim,
                            "mem_elems": lookups * dim, "fused_elems": lookups * dim if fused is None else fused})

    def conv(self, name, cin, cout, k, stride, hw, groups=1, bn=True, bias=False, dims=2, pad_same=True,
             relu=True, frozen=False):
        """Convolution at input size hw (a side; dims 2 or 3) as an implicit GEMM; returns the output side.
        bn: followed by BatchNorm (2 params per channel) and, with relu, an activation: read and written
        once each in fused training (mem); eager kernels move more (EAGER_PASSES). frozen: the BatchNorm
        is a fixed affine (detection backbones)."""
        out = math.ceil(hw / stride) if pad_same else (hw - k) // stride + 1
        m = out ** dims
        params = cout * (cin // groups) * k ** dims + (2 * cout if bn else 0) + (cout if bias else 0)
        elems = m * cout
        eager = EAGER_PASSES[("frozen" if frozen else "bn", relu)] if bn else (0, 0)
        self.gemm(name, m, cout // groups, (cin // groups) * k ** dims, count=groups, params=params,
                  act=elems * (2 if bn else 1), mem=(2 * elems if bn else 0), inp=hw ** dims * cin,
                  eager=(eager[0] * elems, eager[1] * elems))
        return out


# Eager training's element passes (forward, backward) per output element of a convolution, from
# the kernels PyTorch runs (EAGER-BN): BatchNorm 3 forward (statistics read; apply read + write) and
# 5 backward (reduce reads dy, x; apply reads dy, x, writes dx); an in-place activation 2 forward,
# 3 backward (reads dy, y, writes dx); a frozen BatchNorm 4 forward (multiply, add: read + write
# each), 2 backward (the multiply's gradient); a residual add + activation 5 forward (read 2, write
# 1; activation 2), 6 backward (activation 3; the two gradient paths summed: read 2, write 1).
EAGER_PASSES = {("bn", True): (5, 8), ("bn", False): (3, 5), ("frozen", True): (6, 5), ("frozen", False): (4, 2),
                ("act", True): (2, 3), ("add", True): (5, 6)}


# [SECTION] ResNet-50 v1.5 and ResNeXt-50 32x4d ---------------------------------------------------

def resnet_bottlenecks(net, hw, width_of, groups, stop_after=4, dims=2, frozen=False):
    """Stages conv2_x..conv5_x of a bottleneck ResNet(ReXt); returns (side, channels) per stage."""
    cin, feats = 64, []
    for stage, (blocks, planes) in enumerate([(3, 64), (4, 128), (6, 256), (3, 512)]):
        if stage >= stop_after:
            break
        width, cout = width_of(planes), planes * 4
        for b in range(blocks):
            stride = 2 if (b == 0 and stage > 0) else 1
            p = f"s{stage + 2}b{b + 1}"
            net.conv(p + ".conv1", cin, width, 1, 1, hw, frozen=frozen)
            h2 = net.conv(p + ".conv2", width, width, 3, stride, hw, groups=groups, frozen=frozen)
            net.conv(p + ".conv3", width, cout, 1, 1, h2, relu=False, frozen=frozen)
            if b == 0:
                net.conv(p + ".downsample", cin, cout, 1, stride, hw, relu=False, frozen=frozen)
            e = h2 * h2 * cout
            net.memory(p + ".add_relu", 3 * e, act=e, fused=e, eager=tuple(x * e for x in EAGER_PASSES[("add", True)]))
            hw, cin = h2, cout
        feats.append((hw, cout))
    return feats


def stem(net, hw, frozen=False):
    h = net.conv("conv1", 3, 64, 7, 2, hw, frozen=frozen)
    h2 = math.ceil(h / 2)
    net.memory("maxpool", h * h * 64 + h2 * h2 * 64, act=h2 * h2 * 64)
    return h2


def resnet50():
    net = Net("resnet50", "ResNet-50 v1.5", "cnn", "224x224x3 image (ImageNet)", "RESNET, MLPERF-INF, EAGER-BN",
              25.557e6, 8.2)
    h = stem(net, 224)
    feats = resnet_bottlenecks(net, h, lambda p: p, 1)
    hw, c = feats[-1]
    net.memory("avgpool", hw * hw * c + c, act=c)
    net.gemm("fc", 1, 1000, 2048, params=2048 * 1000 + 1000)
    return net


def retinanet():
    net = Net("retinanet", "RetinaNet ResNeXt50-32x4d FPN", "detector", "800x800x3 image (OpenImages, MLPerf)",
              "RETINANET, RESNEXT, EAGER-BN", 0, 0,
              "published totals not found; derived from the architecture (test checks the backbone against ResNeXt-50's 25.0M)")
    # The detection backbone's BatchNorms are frozen (torchvision detection models' FrozenBatchNorm2d;
    # NVIDIA's MLPerf RetinaNet runs them with --frozen-bn-fp16).
    h = stem(net, 800, frozen=True)
    feats = resnet_bottlenecks(net, h, lambda p: p * 2, 32, frozen=True)  # width = planes * 4/64 * 32
    (h3, c3), (h4, c4), (h5, c5) = feats[1], feats[2], feats[3]
    for lvl, (hh, cc) in (("p3", (h3, c3)), ("p4", (h4, c4)), ("p5", (h5, c5))):
        net.conv(f"fpn.{lvl}.lateral", cc, 256, 1, 1, hh, bn=False, bias=True)
        net.conv(f"fpn.{lvl}.output", 256, 256, 3, 1, hh, bn=False, bias=True)
    h6 = net.conv("fpn.p6", 256, 256, 3, 2, h5, bn=False, bias=True)
    h7 = net.conv("fpn.p7", 256, 256, 3, 2, h6, bn=False, bias=True)
    anchors, classes = 9, 264
    for head, out in (("cls", anchors * classes), ("box", anchors * 4)):
        for i, hh in enumerate((h3, h4, h5, h6, h7)):  # one head shared by the five levels
            for j in range(4):
                params = (256 * 256 * 9 + 256) if i == 0 else 0
                e = hh * hh * 256
                net.gemm(f"{head}.l{i + 3}.conv{j + 1}", hh * hh, 256, 256 * 9, params=params,
                         act=2 * e, mem=2 * e, eager=tuple(x * e for x in EAGER_PASSES[("act", True)]))
            net.gemm(f"{head}.l{i + 3}.out", hh * hh, out, 256 * 9, params=(out * 256 * 9 + out) if i == 0 else 0)
    return net


# [SECTION] SSD-ResNet34 at 1200x1200 (MLPerf) ---------------------------------------------------

def ssd_resnet34():
    net = Net("ssd-resnet34", "SSD-ResNet34 (MLPerf, 1200x1200)", "detector", "1200x1200x3 image (COCO, MLPerf)",
              "SSD, MLPERF-INF", 36.3e6, 433)
    h = stem(net, 1200)
    cin = 64
    for stage, (blocks, c, stride0) in enumerate([(3, 64, 1), (4, 128, 2), (6, 256, 1)]):  # conv4_x at stride 1
        for b in range(blocks):
            stride = stride0 if b == 0 else 1
            p = f"s{stage + 2}b{b + 1}"
            h2 = net.conv(p + ".conv1", cin, c, 3, stride, h)
            net.conv(p + ".conv2", c, c, 3, 1, h2, relu=False)
            if b == 0 and (stride != 1 or cin != c):
                net.conv(p + ".downsample", cin, c, 1, stride, h, relu=False)
            net.memory(p + ".add_relu", 3 * h2 * h2 * c, act=h2 * h2 * c, fused=h2 * h2 * c)
            h, cin = h2, c
    # Extra feature layers: 1x1 reduce, then 3x3 with stride (3 on the first: 150 -> 50, then 2).
    sizes = [50, 25, 13, 7, 3, 3]
    outs, mids = [256, 512, 512, 256, 256, 256], [256, 256, 128, 128, 128]
    feats = []
    prev_c, prev_h = cin, h
    net.conv("extra0", prev_c, outs[0], 3, 3, prev_h)  # 150 -> 50
    prev_c, prev_h = outs[0], sizes[0]
    feats.append((sizes[0], outs[0]))
    for i in range(5):
        net.conv(f"extra{i + 1}.reduce", prev_c, mids[i], 1, 1, prev_h, bias=True, bn=False)
        out_h = sizes[i + 1]
        net.gemm(f"extra{i + 1}.conv", out_h * out_h, outs[i + 1], mids[i] * 9, params=outs[i + 1] * mids[i] * 9 + outs[i + 1])
        prev_c, prev_h = outs[i + 1], out_h
        feats.append((out_h, outs[i + 1]))
    boxes = [4, 6, 6, 6, 4, 4]
    for i, ((hh, cc), nd) in enumerate(zip(feats, boxes)):
        net.gemm(f"loc{i}", hh * hh, nd * 4, cc * 9, params=nd * 4 * cc * 9 + nd * 4)
        net.gemm(f"conf{i}", hh * hh, nd * 81, cc * 9, params=nd * 81 * cc * 9 + nd * 81)
    return net


# [SECTION] 3D U-Net (MLPerf KiTS19) --------------------------------------------------------------

# Sliding-window patches (128^3, stride 64) of each MLPerf inference case (KITS19-PATCHES): the
# volume from its NIfTI header (shape, pixdim) resampled to 1.6 x 1.2 x 1.2 mm, padded to >= 128,
# cropped (edge mod 64 < 32) or padded to a multiple of 64, then (edge - 128) / 64 + 1 per axis.
KITS19_PATCHES = {
    0: 50, 3: 50, 5: 108, 6: 64, 12: 48, 24: 27, 34: 100, 41: 16, 44: 100, 49: 50, 52: 50, 56: 48, 61: 36,
    65: 32, 66: 100, 70: 32, 76: 32, 78: 50, 80: 48, 84: 144, 86: 64, 87: 16, 92: 64, 111: 64, 112: 16,
    125: 144, 128: 100, 138: 16, 157: 50, 160: 8, 161: 50, 162: 36, 169: 64, 171: 80, 176: 144, 185: 125,
    187: 27, 189: 96, 198: 96, 203: 45, 206: 50, 207: 96}
# The loadgen QSL holds 43 samples (mlperf_log_detail qsl_reported_total_count): the 42 cases with
# case_00185 twice (the reference Makefile's duplicate_kits19_case_00185): 2761 / 43 = 64.2 patches.
PATCHES_PER_VOLUME = round((sum(KITS19_PATCHES.values()) + KITS19_PATCHES[185]) / (len(KITS19_PATCHES) + 1))


def unet3d():
    net = Net("3d-unet", "3D U-Net (MLPerf, KiTS19)", "segmentation",
              f"one KiTS19 volume = {PATCHES_PER_VOLUME} patches of 128^3 (sliding window, half overlap)",
              "UNET3D, KITS19-PATCHES", 0, 0,
              "a sample is one volume: the mean sliding-window patch count of MLPerf's 43 inference samples (64.2, rounded)")
    filters = [32, 64, 128, 256, 320, 320]
    P = PATCHES_PER_VOLUME
    cin, side, skips = 1, 128, []

    def conv3(name, ci, co, s, stride=1, k=3, bn=True):
        out = math.ceil(s / stride)
        m = out ** 3
        params = co * ci * k ** 3 + (2 * co if bn else co)
        net.gemm(name, m, co, ci * k ** 3, count=P, params=params, act=m * co * P * (2 if bn else 1),
                 mem=(2 * m * co * P if bn else 0), inp=s ** 3 * ci * P)
        return out

    for lvl, f in enumerate(filters):
        side = conv3(f"down{lvl}.conv1", cin, f, side, stride=1 if lvl == 0 else 2)
        conv3(f"down{lvl}.conv2", f, f, side)
        skips.append((side, f))
        cin = f
    for lvl in range(len(filters) - 2, -1, -1):
        s_side, f = skips[lvl]
        # transposed conv 2x2x2 stride 2: each input voxel writes 8 outputs (GEMM K = C_in, N = 8 C_out)
        m = (s_side // 2) ** 3
        net.gemm(f"up{lvl}.transpose", m, 8 * f, cin, count=P, params=8 * f * cin + f, act=8 * m * f * P)
        net.memory(f"up{lvl}.concat", 4 * s_side ** 3 * f * P, fused=0)  # written in place
        conv3(f"up{lvl}.conv1", 2 * f, f, s_side)
        conv3(f"up{lvl}.conv2", f, f, s_side)
        cin = f
    conv3("head", 32, 3, 128, k=1, bn=False)
    return net


# [SECTION] DLRM (MLPerf, Criteo Terabyte) --------------------------------------------------------

DLRM_ROWS = [39884406, 39043, 17289, 7420, 20263, 3, 7120, 1543, 63, 38532951, 2953546, 403346, 10, 2208,
             11938, 155, 4, 976, 14, 39979771, 25641295, 39664984, 585935, 12972, 108, 36]


DLRM_QUERY_PAIRS = 270  # MLPERF-DLRM-QUERY: mean of the 20 quantiles of dist_quantile.txt


def dlrm():
    net = Net("dlrm", "DLRM (MLPerf, Criteo Terabyte)", "recommender",
              "training: one Criteo click record (13 dense features, 26 categorical lookups); inference: one MLPerf query of such records (270 on average)", "DLRM",
              0, 0, "no published total to check against; published size: about 25 billion parameters (the 26 tables), a few MFLOPs per sample")
    # An inference sample (MLPerf's loadgen sample) is a query of 270 user-item pairs on average;
    # a training sample stays one click record (MLPerf Training DLRM counts records).
    net.entry["items_per_inference_sample"] = DLRM_QUERY_PAIRS
    net.entry["source"] += ", MLPERF-DLRM-QUERY, NV-DLRM"
    # NVIDIA's TensorRT DLRM (NV-DLRM) gathers the rows inside its interactions plugin
    # (DLRM_INTERACTIONS_TRT, "fused embedding lookup and interaction operations"): under an
    # engine the tables run no kernel of their own (fused 0) and the interaction streams the rows.
    for i, rows in enumerate(DLRM_ROWS):
        net.embedding(f"table{i}", rows, 128, 1, fused=0)
    # NV-DLRM feeds the 13 dense features as INT8 NC/4HW4 (channels padded to 4: 16) and pads the
    # interaction output 128 + 351 = 479 to a multiple of output_padding_granularity 32 (480): the
    # GEMMs run K = 16 and 480 (zero rows), the parameters stay the model's.
    dims = [13, 512, 256, 128]
    for i in range(3):
        net.gemm(f"bottom{i}", 1, dims[i + 1], NV_PAD(dims[i], 4) if i == 0 else dims[i],
                 params=dims[i + 1] * dims[i] + dims[i + 1], mem=dims[i + 1])
    # Dot interaction of 27 vectors of 128: a 27x27x128 batched GEMM per sample, 351 pairs kept.
    # Fused (engine): reads the bottom MLP's 128, gathers the 26 rows, writes the padded 480.
    top = [128 + 351, 1024, 1024, 512, 256, 1]
    net.gemm("interaction", 27, 27, 128, params=0, fused_in=128 + NV_PAD(top[0], 32), fused_gather=26 * 128)
    for i in range(5):
        net.gemm(f"top{i}", 1, top[i + 1], NV_PAD(top[i], 32) if i == 0 else top[i],
                 params=top[i + 1] * top[i] + top[i + 1], mem=top[i + 1])
    return net


def NV_PAD(x, g):
    """x rounded up to a multiple of g (NV-DLRM's input and interaction-output padding)."""
    return (x + g - 1) // g * g


# [SECTION] RNN-T (MLPerf, LibriSpeech) -----------------------------------------------------------

RNNT_FRAMES = 720   # J: LibriSpeech dev-clean, 5.4 h over 2703 utterances = 7.2 s at 10 ms per frame
RNNT_SYMBOLS = 110  # J: characters per utterance (~20 words of ~5.5 characters)


def rnnt():
    net = Net("rnnt", "RNN-T (MLPerf, LibriSpeech)", "speech",
              f"one utterance of {RNNT_FRAMES} 10-ms frames (7.2 s), {RNNT_SYMBOLS} output characters", "RNNT, J",
              0, 0, "a sample's length (frames, characters) is a judgement (J): LibriSpeech dev-clean's mean")
    t1, t2 = RNNT_FRAMES // 3, RNNT_FRAMES // 6  # stacking 3 frames, then time reduction 2

    def lstm(name, inp, hid, steps):
        # one step: [x, h] (inp + hid) x 4 gates (4 hid); both biases
        net.gemm(name, 1, 4 * hid, inp + hid, steps=steps, params=4 * hid * (inp + hid) + 8 * hid,
                 mem=10 * hid * steps)

    lstm("enc.pre1", 240, 1024, t1)
    lstm("enc.pre2", 1024, 1024, t1)
    lstm("enc.post1", 2048, 1024, t2)
    lstm("enc.post2", 1024, 1024, t2)
    lstm("enc.post3", 1024, 1024, t2)
    net.embedding("pred.embed", 29, 320, RNNT_SYMBOLS)
    lstm("pred.lstm1", 320, 320, RNNT_SYMBOLS)
    lstm("pred.lstm2", 320, 320, RNNT_SYMBOLS)
    net.gemm("joint.enc", t2, 512, 1024, params=512 * 1024 + 512)
    net.gemm("joint.pred", 1, 512, 320, steps=RNNT_SYMBOLS, params=512 * 320 + 512)
    # greedy decoding evaluates the joint once per (frame + emitted symbol)
    net.gemm("joint.out", 1, 29, 512, steps=t2 + RNNT_SYMBOLS, params=29 * 512 + 29, mem=1024 * (t2 + RNNT_SYMBOLS))
    return net


# [SECTION] YOLOv5s v6.0 at 640 -------------------------------------------------------------------

def yolov5s():
    net = Net("yolov5s", "YOLOv5s v6.0", "detector", "640x640x3 image (COCO)", "YOLOV5", 7.235e6, 16.5)
    cnt = [0]

    def conv(ci, co, k, s, hw):
        cnt[0] += 1
        return net.conv(f"conv{cnt[0]}", ci, co, k, s, hw)

    def c3(ci, co, n, hw, shortcut=True):
        c_ = co // 2
        conv(ci, c_, 1, 1, hw)
        conv(ci, c_, 1, 1, hw)
        for _ in range(n):
            conv(c_, c_, 1, 1, hw)
            conv(c_, c_, 3, 1, hw)
            if shortcut:
                net.memory(f"c3add{cnt[0]}", 3 * hw * hw * c_, fused=hw * hw * c_)
        net.memory(f"concat{cnt[0]}", 4 * hw * hw * c_, fused=0)  # written in place
        conv(2 * c_, co, 1, 1, hw)

    h = conv(3, 32, 6, 2, 640)        # 320
    h = conv(32, 64, 3, 2, h)         # 160
    c3(64, 64, 1, h)
    h = conv(64, 128, 3, 2, h)        # 80
    c3(128, 128, 2, h)
    p3 = h
    h = conv(128, 256, 3, 2, h)       # 40
    c3(256, 256, 3, h)
    p4 = h
    h = conv(256, 512, 3, 2, h)       # 20
    c3(512, 512, 1, h)
    conv(512, 256, 1, 1, h)           # SPPF
    net.memory("sppf.pool", 8 * h * h * 256)
    conv(1024, 512, 1, 1, h)
    conv(512, 256, 1, 1, h)           # head
    net.memory("up1", 5 * p4 * p4 * 256)
    c3(512, 256, 1, p4, shortcut=False)
    conv(256, 128, 1, 1, p4)
    net.memory("up2", 5 * p3 * p3 * 128)
    c3(256, 128, 1, p3, shortcut=False)
    conv(128, 128, 3, 2, p3)
    c3(256, 256, 1, p4, shortcut=False)
    conv(256, 256, 3, 2, p4)
    c3(512, 512, 1, h, shortcut=False)
    for i, (hh, cc) in enumerate(((p3, 128), (p4, 256), (h, 512))):
        net.gemm(f"detect{i}", hh * hh, 255, cc, params=255 * cc + 255)
    return net


# [SECTION] Transformer networks: Whisper large, CLIP ViT-L/14 -----------------------------------

def encoder_layers(net, prefix, layers, d, heads, ffn, tokens, ctx=None, steps=1, cross=0, causal_avg=False):
    """`layers` pre-norm transformer layers over `tokens` rows per sample (per step)."""
    hd = d // heads
    ctx = tokens if ctx is None else ctx
    per_layer = 4 * d * d + 4 * d + 2 * d * ffn + d + ffn + 4 * d
    L = layers
    net.gemm(f"{prefix}.qkv", tokens, 3 * d, d, count=L, steps=steps, params=L * (3 * d * d + 3 * d))
    net.gemm(f"{prefix}.score", tokens, ctx, hd, count=L * heads, steps=steps, params=0,
             mem=3 * tokens * ctx * heads * L * steps)
    net.gemm(f"{prefix}.context", tokens, hd, ctx, count=L * heads, steps=steps, params=0)
    net.gemm(f"{prefix}.out", tokens, d, d, count=L, steps=steps, params=L * (d * d + d))
    if cross:
        net.gemm(f"{prefix}.cross_q", tokens, d, d, count=L, steps=steps, params=L * (d * d + d))
        net.gemm(f"{prefix}.cross_score", tokens, cross, hd, count=L * heads, steps=steps, params=0)
        net.gemm(f"{prefix}.cross_context", tokens, hd, cross, count=L * heads, steps=steps, params=0)
        net.gemm(f"{prefix}.cross_out", tokens, d, d, count=L, steps=steps, params=L * (d * d + d) + L * 2 * d)
        net.gemm(f"{prefix}.cross_kv", cross, 2 * d, d, count=L, params=L * (2 * d * d + d))
    net.gemm(f"{prefix}.mlp_up", tokens, ffn, d, count=L, steps=steps, params=L * (d * ffn + ffn),
             mem=2 * tokens * ffn * L * steps)
    net.gemm(f"{prefix}.mlp_down", tokens, d, ffn, count=L, steps=steps, params=L * (d * ffn + d))
    # two LayerNorms and two residual adds: 8 passes eager; fused add + norm: 3 (read x, residual; write)
    net.memory(f"{prefix}.norms_residual", 8 * tokens * d * L * steps, act=2 * tokens * d * L * steps,
               params=L * 4 * d, fused=3 * tokens * d * L * steps)
    return per_layer * L


WHISPER_TOKENS = 100  # J: output tokens of one 30-s window (~75 spoken words)


def whisper_large():
    net = Net("whisper-large", "Whisper large-v2", "speech",
              f"one 30-s window: 3000 mel frames -> 1500 encoder tokens; {WHISPER_TOKENS} decoded tokens",
              "WHISPER, J", 1550e6, 0, "decoded tokens per window are a judgement (J)")
    d = 1280
    net.gemm("enc.conv1", 3000, d, 80 * 3, params=d * 80 * 3 + d)
    net.gemm("enc.conv2", 1500, d, d * 3, params=d * d * 3 + d)
    net.memory("enc.positions", 1500 * d, params=0)  # sinusoidal: not learned
    encoder_layers(net, "enc", 32, d, 20, 4 * d, 1500)
    net.memory("enc.final_norm", 2 * 1500 * d, params=2 * d)
    net.embedding("dec.embed", 51865, d, WHISPER_TOKENS)
    net.memory("dec.positions", WHISPER_TOKENS * d, params=448 * d)
    # decoding: one token per step, attending to ~half the generated tokens on average
    encoder_layers(net, "dec", 32, d, 20, 4 * d, 1, ctx=WHISPER_TOKENS // 2, steps=WHISPER_TOKENS, cross=1500)
    net.gemm("dec.logits", 1, 51865, d, steps=WHISPER_TOKENS, params=2 * d)  # tied to the embedding
    return net


def clip_vit_l():
    net = Net("clip-vit-l", "CLIP ViT-L/14", "vision-language", "one 224x224 image and one 77-token caption",
              "CLIP", 427.6e6, 0)
    d = 1024
    net.gemm("vision.patch", 256, d, 3 * 14 * 14, params=d * 3 * 14 * 14)
    net.memory("vision.embed", 2 * 257 * d, params=257 * d + d + 2 * d)  # positions, class token, pre-norm
    encoder_layers(net, "vision", 24, d, 16, 4 * d, 257)
    net.gemm("vision.proj", 1, 768, d, params=768 * d + 2 * d)
    dt = 768
    net.embedding("text.embed", 49408, dt, 77)
    net.memory("text.positions", 77 * dt, params=77 * dt)
    encoder_layers(net, "text", 12, dt, 12, 4 * dt, 77)
    net.gemm("text.proj", 1, 768, dt, params=768 * dt + 2 * dt + 1)  # + final norm, logit scale
    return net


URLS = {'RESNET': 'https://arxiv.org/abs/1512.03385', 'RESNEXT': 'https://arxiv.org/abs/1611.05431', 'RETINANET': 'https://arxiv.org/abs/1708.02002', 'SSD': 'https://arxiv.org/abs/1512.02325', 'MLPERF-INF': 'https://arxiv.org/abs/1911.02549', 'UNET3D': 'https://github.com/mlcommons/training/tree/master/image_segmentation/pytorch', 'KITS19-PATCHES': 'https://github.com/mlcommons/inference/tree/master/vision/medical_imaging/3d-unet-kits19', 'DLRM': 'https://github.com/facebookresearch/dlrm', 'RNNT': 'https://github.com/mlcommons/inference/tree/master/speech_recognition/rnnt', 'YOLOV5': 'https://github.com/ultralytics/yolov5', 'WHISPER': 'https://arxiv.org/abs/2212.04356', 'CLIP': 'https://arxiv.org/abs/2103.00020', 'MLPERF-DLRM-QUERY': 'https://github.com/mlcommons/inference/tree/master/retired_benchmarks/recommendation/dlrm/pytorch', 'NV-DLRM': 'https://github.com/mlcommons/inference_results_v2.1/tree/master/closed/NVIDIA/code/dlrm/tensorrt', 'EAGER-BN': 'https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/cuda/Normalization.cuh', 'J': "scripts/gen_networks.py (each judgement's comment)"}


def Compact(v):
    """A whole float as an int (3136.0 -> 3136); other values as they are."""
    return int(v) if isinstance(v, float) and v.is_integer() and abs(v) < 2 ** 53 else v


def IsDefault(key, v):
    """True where the catalog reader's default gives the same value (catalog.h NetworkLayer)."""
    return key not in ("network", "name", "op") and v == (1 if key in ("count", "steps") else 0)


def main():
    nets = [resnet50(), retinanet(), ssd_resnet34(), unet3d(), dlrm(), rnnt(), yolov5s(), whisper_large(), clip_vit_l()]
    doc = {"schema_version": 1,
           "sources": {k: v + " — " + URLS[k] for k, v in SOURCES.items()},
           "networks": [n.entry for n in nets],
           # Whole numbers without a decimal point (the reader takes any JSON number) and no field at
           # its default (count and steps 1, the rest 0): the records are compiled into the page,
           # whose size has a budget (scripts/size_budgets.sh).
           "network_layers": [{k: Compact(v) for k, v in l.items() if not IsDefault(k, v)}
                              for n in nets for l in n.layers]}
    print(json.dumps(doc, indent=None, separators=(",", ":")).replace('},{"network"', '},\n{"network"'))


if __name__ == "__main__":
    main()
