# write_if_changed(PATH TEXT): writes TEXT to PATH unless PATH already holds exactly TEXT, so a
# generated file keeps its time stamp (and what depends on it is not rebuilt) when nothing changed.
# Included by the cmake -P scripts that generate files from data/ (EmbedData, CombineData).
function(write_if_changed path text)
  if(EXISTS "${path}")
    file(READ "${path}" old)
    if(old STREQUAL text)
      return()
    endif()
  endif()
  file(WRITE "${path}" "${text}")
endfunction()
