build-x/pbn/cmd/cmd_convert.o: pbn/cmd/cmd_convert.c pbn/cmd/cmd.h \
 dealer/base/base.h pbn/cmd/cmd_int.h pbn/sets/sets.h pbn/pbn.h \
 dealer/run/run.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/event/event.h
pbn/cmd/cmd.h:
dealer/base/base.h:
pbn/cmd/cmd_int.h:
pbn/sets/sets.h:
pbn/pbn.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/event/event.h:
