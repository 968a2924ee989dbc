-- chat_logger.lua: prints every line of text the server puts on the
-- player's screen, one line each: "[12.3s] Kind Sender: text".
--   dereth replay --plugin examples/plugins/chat_logger.lua CAPTURE.pcap...
--   dereth connect --headless --plugin examples/plugins/chat_logger.lua ACCOUNT@HOST

local kinds = {
  "Communication_HearSpeech", "Communication_HearRangedSpeech",
  "Communication_HearDirectSpeech", "Communication_TextboxString",
  "Communication_ChannelBroadcast", "Communication_TransientString",
  "Communication_WeenieError", "Communication_WeenieErrorWithString",
  "Communication_PopUpString", "Communication_HearEmote",
  "Communication_HearSoulEmote",
}

local count = 0

local function log(m, info)
  count = count + 1
  local text = m.message or m.text or ""
  if text == "" and m.type then
    text = string.format("error 0x%04X", m.type)
  end
  text = text:gsub("%s+$", ""):gsub("\n", " / ")
  local kind = info.name:gsub("^Communication_", "")
  local sender = m.sender_name and (m.sender_name .. ": ") or ""
  print(string.format("[%.1fs] %s %s%s", info.t, kind, sender, text))
end

for _, name in ipairs(kinds) do
  on(name, log)
end

on("disconnect", function()
  print(string.format("%d chat lines", count))
end)
