// The console's styles: one sheet, adopted by its shadow root (so an app's styles and the console's never meet), laid
// out for 1280x720 and up, with visible focus and contrast that reads.
export const CONSOLE_CSS = `
:host{display:block;height:100%;color:#1f2328;background:#fff;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif}
*{box-sizing:border-box}
.console{display:flex;flex-direction:column;height:100%;min-height:0}
header{display:flex;flex-wrap:wrap;align-items:center;gap:6px 16px;padding:8px 16px;background:#24292f;color:#f6f8fa}
header h1{font-size:16px;margin:0;font-weight:600}
.clock{font-variant-numeric:tabular-nums}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;background:#57606a;color:#fff;font-size:12px}
.badge.on{background:#bf3989}
.badge.locked{background:#cf222e}
.said{margin:0;color:#d0d7de;font-size:13px;flex:1 1 320px;min-height:1.2em}
.alert{margin:0;color:#ffebe9;font-size:13px;flex-basis:100%}
.alert:empty{display:none}
.lock{display:flex;gap:8px;align-items:center}
.lock[hidden]{display:none}
.lock input{padding:3px 6px}
nav{display:flex;gap:2px;padding:0 12px;border-bottom:1px solid #d0d7de;background:#f6f8fa}
nav button{border:0;border-bottom:3px solid transparent;background:none;padding:8px 12px;font:inherit;color:#424a53;cursor:pointer;border-radius:0}
nav button[aria-selected=true]{border-bottom-color:#0969da;color:#1f2328;font-weight:600}
main{flex:1;min-height:0;overflow:auto;padding:12px 16px;display:flex;flex-direction:column}
main>[role=tabpanel]{flex:1;min-height:0}
main[inert]{opacity:.45}
[role=tabpanel][hidden]{display:none}
h3{font-size:15px;margin:4px 0 8px}h4{font-size:14px;margin:14px 0 6px}
button{font:inherit;padding:4px 10px;border:1px solid #8c959f;border-radius:6px;background:#f6f8fa;color:#1f2328;cursor:pointer}
button:hover{background:#eaeef2}button[aria-busy=true]{opacity:.6;cursor:progress}
button.danger{border-color:#cf222e;color:#a40e26}
button[type=submit]{background:#0969da;border-color:#0969da;color:#fff}
:focus-visible{outline:2px solid #0969da;outline-offset:1px}
input,select{font:inherit;padding:3px 6px;border:1px solid #8c959f;border-radius:6px;background:#fff;color:#1f2328;max-width:100%}
input[type=checkbox]{width:16px;height:16px}
.field{display:flex;flex-direction:column;gap:2px}
.field label{font-size:12px;color:#424a53;font-weight:600}
.hint{font-size:12px;color:#57606a}
.muted{color:#57606a}
.mono,.num,code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
.num{text-align:right;font-variant-numeric:tabular-nums}
.row{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end;margin:8px 0}
.toolbar{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-end}
.count{margin:6px 0;color:#424a53;font-size:13px}
.now-line td{border-top:2px solid #0969da;color:#0969da;font-size:12px;font-weight:600;padding:1px 8px}
.cols{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:20px}
.split{display:grid;grid-template-columns:minmax(0,62fr) minmax(0,38fr);gap:12px;flex:1;min-height:280px}
.scroll{overflow:auto;min-height:0;border:1px solid #d0d7de;border-radius:6px}
.requests{height:100%;display:flex;flex-direction:column}
.requests select{max-width:240px}
table{border-collapse:collapse;width:100%}
th{position:sticky;top:0;background:#f6f8fa;text-align:left;font-size:12px;color:#424a53;font-weight:600;z-index:1}
th,td{padding:3px 8px;border-bottom:1px solid #eaeef2;vertical-align:top}
.journal{table-layout:fixed;border-collapse:separate;border-spacing:0}
.journal .spacer td{padding:0;border:0}
.journal td{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;line-height:18px;padding:4px 8px}
.journal .status{line-height:18px}
.requests .scroll{contain:strict;overflow-anchor:none}
.journal tr{cursor:pointer}
.journal tbody tr:hover{background:#f6f8fa}
.journal tr[aria-selected=true]{background:#ddf4ff}
.req .method{font-weight:600}
.status{display:inline-block;min-width:34px;padding:0 6px;border-radius:4px;font-weight:600;font-size:12px;text-align:center}
.s2{background:#dafbe1;color:#116329}.s4{background:#fff1e5;color:#953800}.s5{background:#ffebe9;color:#a40e26}
.state{display:inline-block;padding:0 6px;border-radius:4px;font-size:12px}
.state.queue{background:#ddf4ff;color:#0a3069}.state.published{background:#dafbe1;color:#116329}.state.error{background:#ffebe9;color:#a40e26}.state.draft{background:#eaeef2;color:#424a53}
.notes{color:#57606a}
.details{overflow:auto;min-height:0;border:1px solid #d0d7de;border-radius:6px;padding:8px 12px}
.details h3{word-break:break-all}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0}
dt{color:#57606a}dd{margin:0;word-break:break-word}
.decided{padding-left:18px;margin:0}.message{font-weight:600}
pre{background:#f6f8fa;border:1px solid #eaeef2;border-radius:6px;padding:8px;overflow:auto;max-height:240px;white-space:pre-wrap;word-break:break-all;margin:6px 0}
.big-clock{font-size:28px;font-variant-numeric:tabular-nums;margin:4px 0}
.result{min-height:1.4em}
.list td.excerpt{max-width:340px}
.workspaces{display:grid;grid-template-columns:230px minmax(0,1fr);gap:16px}
.ws-list{display:flex;flex-direction:column;gap:4px}
.ws-list button{display:flex;flex-direction:column;align-items:flex-start;text-align:left;background:#fff}
.ws-list .muted{overflow-wrap:anywhere}
td.when{white-space:nowrap}
.ws-list button[aria-selected=true]{border-color:#0969da;background:#ddf4ff}
.balance{font-size:22px;margin:4px 0;font-variant-numeric:tabular-nums}
.balance .status{margin-left:8px;vertical-align:middle}
.auto .field{max-width:150px}
.ready{list-style:none;padding:0;margin:0}.ready li{margin:0 0 10px}.ready .hint{margin:2px 0 0}
.error{color:#a40e26}.problems{color:#a40e26;font-family:ui-monospace,monospace;font-size:12.5px}
.faults fieldset{border:1px solid #d0d7de;border-radius:6px;margin:0 0 8px;padding:4px 10px}
.faults legend{font-weight:600;font-size:12px;color:#424a53;padding:0 4px}
.fault{display:grid;grid-template-columns:20px minmax(0,1fr);gap:0 6px;padding:3px 0;cursor:pointer}
.fault strong{font-family:ui-monospace,monospace;font-size:12.5px}.fault span{grid-column:2;font-size:12.5px;color:#424a53}
.fault.on strong{color:#bf3989}
.override-form .field{max-width:220px}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;
