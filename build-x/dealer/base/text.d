build-x/dealer/base/text.o: dealer/base/text.c dealer/base/base.h
dealer/base/base.h:
